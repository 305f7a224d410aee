import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  ARTWORK_MAX_BYTES,
  adminEndpoints,
  type AdminCatalogueContent,
  type ArtworkImages,
} from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { useT } from '@/i18n/use-t';
import './artwork.css';

type Kind = 'poster' | 'backdrop';

/** Whose artwork: a content the desk edits, a series, a live event (decisions 113 and 115). */
export type ArtworkOwner = { type: 'content' | 'series' | 'live-event'; id: number };

/** What a save answers: the pictures viewers now get, and the content's editorial view for a content. */
export type ArtworkSaved = { images: ArtworkImages; content?: AdminCatalogueContent };

const read = (owner: ArtworkOwner) => {
  const params = { params: { id: owner.id } };
  if (owner.type === 'content') return adminCall(adminEndpoints.getCatalogueContentArtwork, params);
  if (owner.type === 'series') return adminCall(adminEndpoints.getAdminSeriesArtwork, params);
  return adminCall(adminEndpoints.getAdminLiveEventArtwork, params);
};

const send = (owner: ArtworkOwner, kind: Kind, data: string): Promise<ArtworkSaved> => {
  const params = { id: owner.id };
  if (owner.type === 'content')
    return adminCall(adminEndpoints.setCatalogueContentArtwork, { params, body: { kind, data } });
  if (owner.type === 'series') return adminCall(adminEndpoints.setAdminSeriesArtwork, { params, body: { kind, data } });
  return adminCall(adminEndpoints.setAdminLiveEventArtwork, { params, body: { kind: 'poster', data } });
};

/** The picture as a data URL: shown as the preview, and its base64 part is what the call sends. */
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/**
 * One image of the owner: what viewers see now, a picture picked and previewed, then sent; the
 * server checks it by its bytes and makes the apps' sizes, and the preview becomes the picture the
 * viewers now get. A file past the cap is said here before it is read.
 */
function ArtworkInput(props: {
  owner: ArtworkOwner;
  kind: Kind;
  current: string | null;
  /** The 2:3 portrait made from the poster, shown beside it. */
  portrait?: string | null;
  onSaved: (saved: ArtworkSaved) => void;
}) {
  const { owner, kind } = props;
  const t = useT();
  const [picked, setPicked] = useState<string | null>(null);
  const [said, setSaid] = useState<{ text: string; error?: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: (dataUrl: string) => send(owner, kind, dataUrl.slice(dataUrl.indexOf(',') + 1)),
    onMutate: () => setSaid(null),
    onSuccess: (answer) => {
      setPicked(null);
      // The field is emptied: the preview now shows the picture sent, not a file still to send.
      if (input.current) input.current.value = '';
      props.onSaved(answer);
      setSaid({ text: t('artwork.saved') });
    },
    onError: () => setSaid({ text: t('artwork.refused'), error: true }),
  });
  const id = `artwork-${owner.type}-${owner.id}-${kind}`;
  const preview = picked ?? props.current;
  return (
    <div className="artwork-input">
      <label htmlFor={id}>{t(`artwork.${kind}`)}</label>
      <div className="artwork-previews">
        {preview ? (
          <img className={`artwork-preview ${kind}`} src={preview} alt={t('artwork.preview')} />
        ) : (
          <p className="muted">{t('artwork.none')}</p>
        )}
        {!picked && props.portrait ? (
          <img className="artwork-preview portrait" src={props.portrait} alt={t('artwork.portrait')} />
        ) : null}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          setSaid(null);
          setPicked(null);
          if (!file) return;
          if (file.size > ARTWORK_MAX_BYTES) {
            setSaid({ text: t('artwork.tooBig'), error: true });
            return;
          }
          setPicked(await readAsDataUrl(file));
        }}
      />
      <button
        type="button"
        className="button primary"
        disabled={!picked || save.isPending}
        onClick={() => picked && save.mutate(picked)}
      >
        {t(`artwork.send.${kind}`)}
      </button>
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

/**
 * The editors' artwork panel (decisions 113 and 115), one for contents, series and live events:
 * the poster and backdrop viewers see now, each with its replacement. A live event has one
 * picture (spec 2: its images all read its poster), so it shows one field.
 */
export function ArtworkPanel({
  owner,
  onSaved,
  refreshOn,
}: {
  owner: ArtworkOwner;
  onSaved?: (saved: ArtworkSaved) => void;
  /**
   * A value of the page's own that changes when the owner's pictures may have changed elsewhere
   * (a series taking an episode's artwork): the pictures are read again, the fields kept meanwhile.
   */
  refreshOn?: string | null;
}) {
  const t = useT();
  const client = useQueryClient();
  const key = ['artwork', owner.type, owner.id, refreshOn ?? null];
  const shown = useQuery({ queryKey: key, queryFn: () => read(owner), placeholderData: (previous) => previous });
  const saved = (answer: ArtworkSaved) => {
    client.setQueryData(key, { images: answer.images });
    onSaved?.(answer);
  };
  // Unread, the fields still take a new picture, with nothing shown as the current one.
  const images = shown.data?.images ?? (shown.isError ? { landscape: null, portrait: null, backdrop: null } : null);
  const titleId = `artwork-title-${owner.type}-${owner.id}`;
  return (
    <section className="panel artwork-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('artwork.title')}</h2>
      <p className="muted">{t(owner.type === 'live-event' ? 'artwork.hint.liveEvent' : 'artwork.hint')}</p>
      {shown.isPending ? <p className="muted">{t('artwork.loading')}</p> : null}
      {/* Not an alert: a picture can still be sent, and the editor's own page says its errors. */}
      {shown.isError ? <p className="error">{t('artwork.loadFailed')}</p> : null}
      {images ? (
        <div className="artwork-inputs">
          <ArtworkInput
            owner={owner}
            kind="poster"
            current={images.landscape}
            portrait={owner.type === 'live-event' ? null : images.portrait}
            onSaved={saved}
          />
          {owner.type === 'live-event' ? null : (
            <ArtworkInput owner={owner} kind="backdrop" current={images.backdrop} onSaved={saved} />
          )}
        </div>
      ) : null}
    </section>
  );
}
