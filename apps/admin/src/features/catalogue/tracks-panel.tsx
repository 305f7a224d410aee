import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import {
  AUDIO_MAX_BYTES,
  SUBTITLE_LANGUAGES,
  SUBTITLE_MAX_BYTES,
  adminEndpoints,
  type AdminContentTracks,
} from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import type { MessageKey } from '@/i18n/messages';
import { useT } from '@/i18n/use-t';

/** A subtitle's default name: its language's own, as the players' menus show it (decision 068). */
const OWN_NAMES: Record<(typeof SUBTITLE_LANGUAGES)[number], string> = {
  fr: 'Français',
  en: 'English',
  nl: 'Nederlands',
  es: 'Español',
};

/** While the packaging job is queued or running, the tracks are asked again this often (decision 114). */
const POLL_MS = 2_000;

const working = (answer: AdminContentTracks | undefined) =>
  !!answer &&
  (answer.packaging.state === 'queued' ||
    answer.packaging.state === 'processing' ||
    answer.tracks.some(
      (track) => track.state === 'queued' || track.state === 'processing' || track.state === 'removing',
    ));

/** The file's bytes as base64 (the part of its data URL after the comma). */
const readAsBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

type Language = (typeof SUBTITLE_LANGUAGES)[number];
type Said = { text: string; error?: boolean } | null;

/**
 * What differs between the two files an editor sends (decision 114): a subtitle file, or an audio
 * language (an audio file, or a video whose sound the server takes); both are a language, a name
 * and the file's bytes, each with its own call, cap and texts.
 */
const TRACK_FORMS = {
  subtitles: {
    send: (id: number, body: { language: Language; label: string; data: string }) =>
      adminCall(adminEndpoints.addContentSubtitle, { params: { id }, body }),
    accept: '.vtt,.srt,text/vtt,application/x-subrip',
    maxBytes: SUBTITLE_MAX_BYTES,
    firstLanguage: 'fr',
    heading: null,
    texts: {
      form: 'tracks.subtitlesForm',
      file: 'tracks.file',
      language: 'tracks.language',
      label: 'tracks.label',
      submit: 'tracks.add',
      added: 'tracks.added',
      refused: 'tracks.refused',
      tooBig: 'tracks.tooBig',
    },
  },
  audio: {
    send: (id: number, body: { language: Language; label: string; data: string }) =>
      adminCall(adminEndpoints.addContentAudio, { params: { id }, body }),
    accept: 'audio/*,video/*',
    maxBytes: AUDIO_MAX_BYTES,
    firstLanguage: 'en',
    heading: 'tracks.audioTitle',
    texts: {
      form: 'tracks.audioTitle',
      file: 'tracks.audioFile',
      language: 'tracks.audioLanguage',
      label: 'tracks.audioLabel',
      submit: 'tracks.addAudio',
      added: 'tracks.audioAdded',
      refused: 'tracks.audioRefused',
      tooBig: 'tracks.audioTooBig',
    },
  },
} satisfies Record<
  string,
  {
    send: (id: number, body: { language: Language; label: string; data: string }) => Promise<AdminContentTracks>;
    accept: string;
    maxBytes: number;
    firstLanguage: Language;
    heading: MessageKey | null;
    texts: Record<'form' | 'file' | 'language' | 'label' | 'submit' | 'added' | 'refused' | 'tooBig', MessageKey>;
  }
>;

/** The form that sends one subtitle file or one audio language (decision 114), refused past its cap before any call. */
function TrackFileForm({
  kind,
  contentId,
  show,
  say,
}: {
  kind: keyof typeof TRACK_FORMS;
  contentId: number;
  show: (answer: AdminContentTracks) => void;
  say: (said: Said) => void;
}) {
  const t = useT();
  const form = TRACK_FORMS[kind];
  const [language, setLanguage] = useState<Language>(form.firstLanguage);
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const add = useMutation({
    mutationFn: async (picked: File) => form.send(contentId, { language, label, data: await readAsBase64(picked) }),
    onMutate: () => say(null),
    onSuccess: (answer) => {
      show(answer);
      setFile(null);
      setLabel('');
      if (input.current) input.current.value = '';
      say({ text: t(form.texts.added) });
    },
    onError: () => say({ text: t(form.texts.refused), error: true }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > form.maxBytes) {
      say({ text: t(form.texts.tooBig), error: true });
      return;
    }
    add.mutate(file);
  };
  const headingId = `tracks-${kind}-title`;
  return (
    <form
      className="inline-form tracks-form"
      onSubmit={submit}
      {...(form.heading ? { 'aria-labelledby': headingId } : { 'aria-label': t(form.texts.form) })}
    >
      {form.heading ? <h3 id={headingId}>{t(form.heading)}</h3> : null}
      <label>
        {t(form.texts.file)}
        <input
          ref={input}
          type="file"
          accept={form.accept}
          onChange={(e) => {
            say(null);
            setFile(e.target.files?.[0] ?? null);
          }}
        />
      </label>
      <label>
        {t(form.texts.language)}
        <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
          {SUBTITLE_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`tracks.language.${code}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t(form.texts.label)}
        <input
          value={label}
          maxLength={40}
          placeholder={OWN_NAMES[language]}
          onChange={(e) => setLabel(e.target.value)}
        />
      </label>
      <button type="submit" className="button primary" disabled={!file || add.isPending}>
        {t(form.texts.submit)}
      </button>
    </form>
  );
}

/**
 * An uploaded content's subtitles, audio languages and protection (decision 114): the tracks with their language,
 * kind and the packaging job's state, a subtitle file added or removed, the protection switch.
 * Polled while the job works, so a track moves to "Live" without a reload.
 */
export function TracksPanel({ contentId }: { contentId: number }) {
  const t = useT();
  const queryClient = useQueryClient();
  const key = ['catalogue', 'tracks', contentId];
  const tracks = useQuery({
    queryKey: key,
    queryFn: () => adminCall(adminEndpoints.getContentTracks, { params: { id: contentId } }),
    refetchInterval: (query) => (working(query.state.data) ? POLL_MS : false),
  });
  const [said, setSaid] = useState<Said>(null);
  const show = (answer: AdminContentTracks) => queryClient.setQueryData(key, answer);

  const remove = useMutation({
    mutationFn: (trackId: string) =>
      adminCall(adminEndpoints.removeContentTrack, { params: { id: contentId, trackId } }),
    onMutate: () => setSaid(null),
    onSuccess: (answer) => {
      show(answer);
      setSaid({ text: t('tracks.removed') });
    },
    onError: () => setSaid({ text: t('common.error'), error: true }),
  });
  const protect = useMutation({
    mutationFn: (on: boolean) =>
      adminCall(adminEndpoints.setContentProtection, { params: { id: contentId }, body: { protected: on } }),
    onMutate: () => setSaid(null),
    onSuccess: show,
    onError: () => setSaid({ text: t('common.error'), error: true }),
  });

  const answer = tracks.data;
  const packaging = answer?.packaging;
  return (
    <section className="panel tracks-panel" aria-labelledby="tracks-title">
      <h2 id="tracks-title">{t('tracks.title')}</h2>
      <p className="muted">{t('tracks.hint')}</p>
      {tracks.isError ? <p className="muted">{t('tracks.loadFailed')}</p> : null}
      {answer ? (
        answer.tracks.length === 0 ? (
          <p className="muted">{t('tracks.none')}</p>
        ) : (
          <div className="table-wrap">
            <table className="tracks-table">
              <thead>
                <tr>
                  <th scope="col">{t('tracks.language')}</th>
                  <th scope="col">{t('tracks.label')}</th>
                  <th scope="col">{t('tracks.kind')}</th>
                  <th scope="col">{t('tracks.state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('tracks.remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {answer.tracks.map((track) => (
                  <tr key={track.id}>
                    <td data-label={t('tracks.language')} lang={track.language}>
                      {track.language}
                    </td>
                    <td data-label={t('tracks.label')}>{track.label}</td>
                    <td data-label={t('tracks.kind')}>{t(`tracks.kind.${track.kind}`)}</td>
                    <td data-label={t('tracks.state')}>
                      <span className={`track-state ${track.state}`}>{t(`tracks.state.${track.state}`)}</span>
                      {track.state === 'failed' && track.error ? (
                        <span className="muted"> {t('tracks.failed', { reason: track.error })}</span>
                      ) : null}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button ghost"
                        aria-label={t(track.kind === 'audio' ? 'tracks.removeAudioOf' : 'tracks.removeOf', {
                          label: track.label,
                        })}
                        disabled={track.state === 'removing' || remove.isPending}
                        onClick={() => remove.mutate(track.id)}
                      >
                        {t('tracks.remove')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
      <TrackFileForm kind="subtitles" contentId={contentId} show={show} say={setSaid} />
      <TrackFileForm kind="audio" contentId={contentId} show={show} say={setSaid} />
      {packaging ? (
        <div className="tracks-protection">
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={packaging.protected}
              disabled={protect.isPending}
              onChange={(e) => protect.mutate(e.target.checked)}
            />
            {t('tracks.protection')}
          </label>
          <p className="muted">{t('tracks.protectionHint')}</p>
          <p>
            {t(packaging.protectedLive ? 'tracks.protection.on' : 'tracks.protection.off')}{' '}
            <span className={`track-state ${packaging.state}`}>
              {t('tracks.packaging', { state: t(`tracks.state.${packaging.state}`) })}
            </span>
          </p>
          {packaging.state === 'failed' && packaging.error ? (
            <p role="alert" className="error">
              {t('tracks.failed', { reason: packaging.error })}
            </p>
          ) : null}
        </div>
      ) : null}
      <div aria-live="polite">
        {said ? (
          <p role={said.error ? 'alert' : 'status'} className={said.error ? 'error' : 'status'}>
            {said.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}
