import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import * as tus from 'tus-js-client';
import {
  ADMIN_API_BASE_PATH,
  ADMIN_UPLOADS_PATH,
  CONTENT_RATINGS,
  adminEndpoints,
  type AdminCatalogueContent,
  type AdminUpload,
  type CatalogueTexts,
} from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { LanguageTexts, titleAndSynopsis, withText } from '@/components/language-texts';
import { LocaleContext, useT } from '@/i18n/use-t';
import type { MessageKey } from '@/i18n/messages';
import { KeysetPager, useKeysetPages } from '../lists/keyset-pager';
import { Status } from '../shell/status';
import { ArtworkPanel } from '../artwork/artwork-panel';
import { TracksPanel } from './tracks-panel';
import './catalogue.css';

/** While an upload is being prepared, the list is asked again this often (decision 094). */
const POLL_MS = 2_000;
/** tus sends the file in parts of this size: a dropped connection loses at most one. */
const CHUNK_BYTES = 8 * 2 ** 20;

const busy = (u: AdminUpload) => u.status === 'uploading' || u.status === 'queued' || u.status === 'processing';

/** Sends one file with the tus protocol, resuming an earlier upload of the same file (decision 094). */
function UploadForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const current = useRef<tus.Upload | null>(null);
  useEffect(() => () => void current.current?.abort(), []);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setMessage(null);
    setPercent(0);
    const upload = new tus.Upload(file, {
      endpoint: ADMIN_API_BASE_PATH + ADMIN_UPLOADS_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1_000, 3_000, 5_000],
      metadata: { filename: file.name, filetype: file.type || 'video/mp4' },
      onProgress: (sent, total) => setPercent(Math.floor((sent / total) * 100)),
      onError: (error) => {
        setPercent(null);
        setMessage({ text: t('catalogue.uploadFailed', { reason: error.message.split('\n')[0] ?? '' }), error: true });
      },
      onSuccess: () => {
        setPercent(null);
        setMessage({ text: t('catalogue.uploaded', { name: file.name }) });
        onDone();
      },
    });
    current.current = upload;
    // The browser remembers each file's upload address: the same file picked again continues.
    const previous = await upload.findPreviousUploads();
    if (previous[0]) {
      upload.resumeFromPreviousUpload(previous[0]);
      setMessage({ text: t('catalogue.resumed') });
    }
    upload.start();
    onDone();
  };

  return (
    <form className="panel inline-form" onSubmit={(e) => void start(e)} aria-labelledby="upload-title">
      <h2 id="upload-title">{t('catalogue.uploadTitle')}</h2>
      <label>
        {t('catalogue.file')}
        <input type="file" accept="video/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <button type="submit" className="button primary" disabled={!file || percent !== null}>
        {t('catalogue.upload')}
      </button>
      {percent !== null ? (
        <p role="status" className="upload-progress">
          <progress max={100} value={percent} aria-label={t('catalogue.uploading', { percent: String(percent) })} />
          {t('catalogue.uploading', { percent: String(percent) })}
        </p>
      ) : null}
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error' : undefined}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

function UploadsTable({ uploads }: { uploads: AdminUpload[] }) {
  const t = useT();
  if (uploads.length === 0) return <p className="muted">{t('catalogue.noUploads')}</p>;
  return (
    <div className="table-wrap">
      <table className="uploads">
        <thead>
          <tr>
            <th scope="col">{t('catalogue.fileName')}</th>
            <th scope="col">{t('catalogue.by')}</th>
            <th scope="col">{t('catalogue.status')}</th>
            <th scope="col">{t('catalogue.progress')}</th>
          </tr>
        </thead>
        <tbody>
          {uploads.map((u) => (
            <tr key={u.id}>
              <td data-label={t('catalogue.fileName')}>
                {u.contentId !== null ? <Link to={`/catalogue/${u.contentId}`}>{u.fileName}</Link> : u.fileName}
              </td>
              <td data-label={t('catalogue.by')}>{u.uploadedBy}</td>
              <td data-label={t('catalogue.status')}>
                <span className={`upload-status ${u.status}`}>{t(`catalogue.status.${u.status}` as MessageKey)}</span>
                {u.error ? (
                  <>
                    <br />
                    <small className="error">{u.error}</small>
                    <br />
                    <small className="muted">{t('catalogue.failedHint')}</small>
                  </>
                ) : null}
              </td>
              <td data-label={t('catalogue.progress')}>
                <progress max={100} value={u.progress} aria-label={t('catalogue.progressOf', { name: u.fileName })} />{' '}
                {u.progress} %
                {u.step && u.status === 'processing' ? <small className="muted"> · {u.step}</small> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function publicationOf(c: AdminCatalogueContent): MessageKey {
  if (c.live) return 'catalogue.live';
  // Published, but an episode of a series that is not: its series keeps it from viewers (decision 105).
  if (c.published && c.seriesUnpublished) return 'catalogue.seriesUnpublished';
  return c.published ? 'catalogue.scheduled' : 'catalogue.unpublished';
}

function ContentsTable({ contents }: { contents: AdminCatalogueContent[] }) {
  const t = useT();
  if (contents.length === 0) return <p className="muted">{t('catalogue.noContents')}</p>;
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">{t('catalogue.contentTitle')}</th>
            <th scope="col">{t('catalogue.kind')}</th>
            <th scope="col">{t('catalogue.published')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('catalogue.edit')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {contents.map((c) => (
            <tr key={c.contentId}>
              <td data-label={t('catalogue.contentTitle')}>{c.texts.fr.title}</td>
              <td data-label={t('catalogue.kind')}>{t(`catalogue.kind.${c.kind}`)}</td>
              <td data-label={t('catalogue.published')}>{t(publicationOf(c))}</td>
              <td>
                <Link
                  className="button ghost"
                  to={`/catalogue/${c.contentId}`}
                  aria-label={t('catalogue.editOf', { title: c.texts.fr.title })}
                >
                  {t('catalogue.edit')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `datetime-local` speaks the browser's time without a zone; the API takes ISO instants. */
const toInstant = (local: string) => (local ? new Date(local).toISOString() : null);
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

type Said = { text: string; error?: boolean } | null;

/**
 * A content's editor. What it said (saved, published…) is held by the page, not here: the answer
 * of a save or a publication replaces the content the editor shows.
 */
function ContentEditor({
  content,
  said,
  setSaid,
}: {
  content: AdminCatalogueContent;
  said: Said;
  setSaid: (said: Said) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<CatalogueTexts>(content.texts);
  const [kind, setKind] = useState(content.kind);
  const [rating, setRating] = useState(content.rating);
  const [access, setAccess] = useState(content.access.type);
  const [offerId, setOfferId] = useState(content.access.type === 'purchase' ? String(content.access.offerId) : '');
  const [from, setFrom] = useState(toLocalInput(content.publishFrom));
  const [until, setUntil] = useState(toLocalInput(content.publishUntil));
  const refresh = (next: AdminCatalogueContent) => {
    queryClient.setQueryData(['catalogue', 'content', content.contentId], { content: next });
    void queryClient.invalidateQueries({ queryKey: ['catalogue', 'contents'] });
  };
  const save = useMutation({
    mutationFn: () =>
      adminCall(adminEndpoints.updateCatalogueContent, {
        params: { id: content.contentId },
        body: {
          kind,
          rating,
          texts,
          access: access === 'purchase' ? { type: 'purchase', offerId: Number(offerId) } : { type: 'subscription' },
        },
      }),
    onMutate: () => setSaid(null),
    onSuccess: (answer) => {
      refresh(answer.content);
      setSaid({ text: t('catalogue.saved') });
    },
    onError: () => setSaid({ text: t('catalogue.invalid'), error: true }),
  });
  const publish = useMutation({
    mutationFn: (what: 'publish' | 'unpublish') =>
      what === 'publish'
        ? adminCall(adminEndpoints.publishCatalogueContent, {
            params: { id: content.contentId },
            body: { from: toInstant(from), until: toInstant(until) },
          })
        : adminCall(adminEndpoints.unpublishCatalogueContent, { params: { id: content.contentId } }),
    onMutate: () => setSaid(null),
    onSuccess: (answer, what) => {
      refresh(answer.content);
      setSaid({
        text: t(
          what === 'unpublish'
            ? 'catalogue.unpublishedNow'
            : answer.content.live
              ? 'catalogue.publishedNow'
              : answer.content.seriesUnpublished
                ? 'catalogue.seriesUnpublished'
                : 'catalogue.publishedLater',
        ),
      });
    },
    onError: () => setSaid({ text: t('catalogue.invalid'), error: true }),
  });

  return (
    <div className="content-editor">
      {content.posterUrl ? <img className="content-poster" src={content.posterUrl} alt="" /> : null}
      <p className="muted">
        #{content.contentId} · {t('catalogue.duration', { seconds: String(Math.round(content.duration)) })} ·{' '}
        <strong>{t(publicationOf(content))}</strong>
      </p>
      <form
        className="panel content-form"
        aria-labelledby="texts-title"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <h2 id="texts-title">{t('catalogue.texts')}</h2>
        <LanguageTexts
          fields={titleAndSynopsis(t)}
          value={texts}
          onChange={(language, field, text) => setTexts(withText(texts, language, field, text))}
        />
        <div className="inline-form">
          <label>
            {t('catalogue.kind')}
            <select value={kind} onChange={(e) => setKind(e.target.value as 'Film' | 'Clip')}>
              <option value="Film">{t('catalogue.kind.Film')}</option>
              <option value="Clip">{t('catalogue.kind.Clip')}</option>
            </select>
          </label>
          <label>
            {t('catalogue.rating')}
            <select value={rating} onChange={(e) => setRating(Number(e.target.value))}>
              {CONTENT_RATINGS.map((r) => (
                <option key={r} value={r}>
                  {r === 0 ? t('catalogue.rating.0') : `-${r}`}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('catalogue.access')}
            <select value={access} onChange={(e) => setAccess(e.target.value as 'subscription' | 'purchase')}>
              <option value="subscription">{t('catalogue.access.subscription')}</option>
              <option value="purchase">{t('catalogue.access.purchase')}</option>
            </select>
          </label>
          {access === 'purchase' ? (
            <label>
              {t('catalogue.offerId')}
              <input type="number" min={1} required value={offerId} onChange={(e) => setOfferId(e.target.value)} />
            </label>
          ) : null}
        </div>
        <button type="submit" className="button primary" disabled={save.isPending}>
          {t('catalogue.save')}
        </button>
      </form>
      <ArtworkPanel
        owner={{ type: 'content', id: content.contentId }}
        onSaved={(s) => s.content && refresh(s.content)}
      />
      <TracksPanel contentId={content.contentId} />
      <section className="panel" aria-labelledby="publish-title">
        <h2 id="publish-title">{t('catalogue.publishTitle')}</h2>
        <div className="inline-form">
          <label>
            {t('catalogue.from')}
            <input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label>
            {t('catalogue.until')}
            <input type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
          </label>
          <button
            type="button"
            className="button primary"
            disabled={publish.isPending}
            onClick={() => publish.mutate('publish')}
          >
            {t('catalogue.publish')}
          </button>
          <button
            type="button"
            className="button ghost"
            disabled={publish.isPending || !content.published}
            onClick={() => publish.mutate('unpublish')}
          >
            {t('catalogue.unpublish')}
          </button>
        </div>
      </section>
      <div aria-live="polite">
        {said ? (
          <p role={said.error ? 'alert' : 'status'} className={said.error ? 'error' : 'status'}>
            {said.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function ContentPage({ id }: { id: number }) {
  const t = useT();
  const [said, setSaid] = useState<Said>(null);
  const found = useQuery({
    queryKey: ['catalogue', 'content', id],
    queryFn: () => adminCall(adminEndpoints.getCatalogueContent, { params: { id } }),
  });
  return (
    <>
      <p>
        <Link to="/catalogue">← {t('catalogue.back')}</Link>
      </p>
      <h1>{found.data?.content.texts.fr.title ?? t('catalogue.title')}</h1>
      {found.isPending ? <Status kind="loading" /> : null}
      {found.isError ? <Status kind="error" /> : null}
      {found.data ? (
        <ContentEditor key={found.data.content.contentId} content={found.data.content} said={said} setSaid={setSaid} />
      ) : null}
    </>
  );
}

/** The editors' catalogue (decision 094): upload, the media job's progress, the contents made. */
export function CataloguePage() {
  const t = useT();
  useContext(LocaleContext);
  const { id } = useParams();
  const queryClient = useQueryClient();
  // Both lists a page at a time (decision 110).
  const uploadPages = useKeysetPages('');
  const contentPages = useKeysetPages('');
  const uploads = useQuery({
    queryKey: ['catalogue', 'uploads', uploadPages.after ?? null],
    queryFn: () =>
      adminCall(adminEndpoints.listUploads, {
        query: { limit: 25, ...(uploadPages.after ? { after: uploadPages.after } : {}) },
      }),
    // Polled while an upload is on its way or being prepared, so the progress moves by itself.
    refetchInterval: (query) => (query.state.data?.uploads.some(busy) ? POLL_MS : false),
  });
  const contents = useQuery({
    queryKey: ['catalogue', 'contents', contentPages.after ?? null],
    queryFn: () =>
      adminCall(adminEndpoints.listCatalogueContents, {
        query: { limit: 25, ...(contentPages.after ? { after: contentPages.after } : {}) },
      }),
    enabled: id === undefined,
  });
  const anyBusy = uploads.data?.uploads.some(busy) ?? false;
  // When the last job ends, the new content shows in the list without a reload.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !anyBusy) void queryClient.invalidateQueries({ queryKey: ['catalogue', 'contents'] });
    wasBusy.current = anyBusy;
  }, [anyBusy, queryClient]);

  if (id !== undefined) return <ContentPage id={Number(id)} />;
  return (
    <>
      <h1>{t('catalogue.title')}</h1>
      <p className="muted">{t('catalogue.intro')}</p>
      <UploadForm onDone={() => void queryClient.invalidateQueries({ queryKey: ['catalogue', 'uploads'] })} />
      <section aria-labelledby="uploads-title">
        <h2 id="uploads-title">{t('catalogue.uploads')}</h2>
        {uploads.isPending ? <Status kind="loading" /> : null}
        {uploads.data ? <UploadsTable uploads={uploads.data.uploads} /> : null}
        {uploads.data ? <KeysetPager pages={uploadPages} next={uploads.data.next} /> : null}
      </section>
      <section aria-labelledby="contents-title">
        <h2 id="contents-title">{t('catalogue.contents')}</h2>
        {contents.isPending ? <Status kind="loading" /> : null}
        {contents.data ? <ContentsTable contents={contents.data.contents} /> : null}
        {contents.data ? <KeysetPager pages={contentPages} next={contents.data.next} /> : null}
      </section>
    </>
  );
}
