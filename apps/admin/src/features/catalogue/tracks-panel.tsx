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

/**
 * The form that sends an audio language (decision 114): an audio file, or a video whose sound
 * the server takes, with its language and name; its own labels, beside the subtitles' form.
 */
function AudioForm({
  contentId,
  show,
  say,
}: {
  contentId: number;
  show: (answer: AdminContentTracks) => void;
  say: (said: { text: string; error?: boolean } | null) => void;
}) {
  const t = useT();
  const [language, setLanguage] = useState<(typeof SUBTITLE_LANGUAGES)[number]>('en');
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const add = useMutation({
    mutationFn: async (picked: File) =>
      adminCall(adminEndpoints.addContentAudio, {
        params: { id: contentId },
        body: { language, label, data: await readAsBase64(picked) },
      }),
    onMutate: () => say(null),
    onSuccess: (answer) => {
      show(answer);
      setFile(null);
      setLabel('');
      if (input.current) input.current.value = '';
      say({ text: t('tracks.audioAdded') });
    },
    onError: () => say({ text: t('tracks.audioRefused'), error: true }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > AUDIO_MAX_BYTES) {
      say({ text: t('tracks.audioTooBig'), error: true });
      return;
    }
    add.mutate(file);
  };
  return (
    <form className="inline-form tracks-form" onSubmit={submit} aria-labelledby="tracks-audio-title">
      <h3 id="tracks-audio-title">{t('tracks.audioTitle')}</h3>
      <label>
        {t('tracks.audioFile')}
        <input
          ref={input}
          type="file"
          accept="audio/*,video/*"
          onChange={(e) => {
            say(null);
            setFile(e.target.files?.[0] ?? null);
          }}
        />
      </label>
      <label>
        {t('tracks.audioLanguage')}
        <select value={language} onChange={(e) => setLanguage(e.target.value as typeof language)}>
          {SUBTITLE_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`tracks.language.${code}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('tracks.audioLabel')}
        <input
          value={label}
          maxLength={40}
          placeholder={OWN_NAMES[language]}
          onChange={(e) => setLabel(e.target.value)}
        />
      </label>
      <button type="submit" className="button primary" disabled={!file || add.isPending}>
        {t('tracks.addAudio')}
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
  const [language, setLanguage] = useState<(typeof SUBTITLE_LANGUAGES)[number]>('fr');
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [said, setSaid] = useState<{ text: string; error?: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const show = (answer: AdminContentTracks) => queryClient.setQueryData(key, answer);

  const add = useMutation({
    mutationFn: async (picked: File) =>
      adminCall(adminEndpoints.addContentSubtitle, {
        params: { id: contentId },
        body: { language, label, data: await readAsBase64(picked) },
      }),
    onMutate: () => setSaid(null),
    onSuccess: (answer) => {
      show(answer);
      setFile(null);
      setLabel('');
      if (input.current) input.current.value = '';
      setSaid({ text: t('tracks.added') });
    },
    onError: () => setSaid({ text: t('tracks.refused'), error: true }),
  });
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > SUBTITLE_MAX_BYTES) {
      setSaid({ text: t('tracks.tooBig'), error: true });
      return;
    }
    add.mutate(file);
  };

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
      <form className="inline-form tracks-form" onSubmit={submit} aria-label={t('tracks.subtitlesForm')}>
        <label>
          {t('tracks.file')}
          <input
            ref={input}
            type="file"
            accept=".vtt,.srt,text/vtt,application/x-subrip"
            onChange={(e) => {
              setSaid(null);
              setFile(e.target.files?.[0] ?? null);
            }}
          />
        </label>
        <label>
          {t('tracks.language')}
          <select value={language} onChange={(e) => setLanguage(e.target.value as typeof language)}>
            {SUBTITLE_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`tracks.language.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('tracks.label')}
          <input
            value={label}
            maxLength={40}
            placeholder={OWN_NAMES[language]}
            onChange={(e) => setLabel(e.target.value)}
          />
        </label>
        <button type="submit" className="button primary" disabled={!file || add.isPending}>
          {t('tracks.add')}
        </button>
      </form>
      <AudioForm contentId={contentId} show={show} say={setSaid} />
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
