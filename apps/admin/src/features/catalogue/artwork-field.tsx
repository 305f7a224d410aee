import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ARTWORK_MAX_BYTES, adminEndpoints, type AdminCatalogueContent } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { useT } from '@/i18n/use-t';

type Kind = 'poster' | 'backdrop';

/** The picture as a data URL: shown as the preview, and its base64 part is what the call sends. */
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/**
 * One image field of a content (decision 113): a picture picked, its preview, then sent; the
 * server checks it by its bytes and makes the apps' sizes, and the preview becomes the picture the
 * viewers now get. A file past the cap is said here before it is read.
 */
function ArtworkInput({
  contentId,
  kind,
  current,
  onSaved,
}: {
  contentId: number;
  kind: Kind;
  current: string | null;
  onSaved: (content: AdminCatalogueContent, url: string | null) => void;
}) {
  const t = useT();
  const [picked, setPicked] = useState<string | null>(null);
  const [said, setSaid] = useState<{ text: string; error?: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const send = useMutation({
    mutationFn: (dataUrl: string) =>
      adminCall(adminEndpoints.setCatalogueContentArtwork, {
        params: { id: contentId },
        body: { kind, data: dataUrl.slice(dataUrl.indexOf(',') + 1) },
      }),
    onMutate: () => setSaid(null),
    onSuccess: (answer) => {
      setPicked(null);
      // The field is emptied: the preview now shows the picture sent, not a file still to send.
      if (input.current) input.current.value = '';
      onSaved(answer.content, kind === 'poster' ? answer.images.landscape : answer.images.backdrop);
      setSaid({ text: t('catalogue.artwork.saved') });
    },
    onError: () => setSaid({ text: t('catalogue.artwork.refused'), error: true }),
  });
  const id = `artwork-${kind}`;
  const preview = picked ?? current;
  return (
    <div className="artwork-input">
      <label htmlFor={id}>{t(`catalogue.artwork.${kind}`)}</label>
      {preview ? (
        <img className={`artwork-preview ${kind}`} src={preview} alt={t('catalogue.artwork.preview')} />
      ) : (
        <p className="muted">{t('catalogue.artwork.none')}</p>
      )}
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
            setSaid({ text: t('catalogue.artwork.tooBig'), error: true });
            return;
          }
          setPicked(await readAsDataUrl(file));
        }}
      />
      <button
        type="button"
        className="button primary"
        disabled={!picked || send.isPending}
        onClick={() => picked && send.mutate(picked)}
      >
        {t(`catalogue.artwork.send.${kind}`)}
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

/** The content form's artwork: the poster (16:9 and 2:3 made from it) and the backdrop. */
export function ArtworkField({
  content,
  onSaved,
}: {
  content: AdminCatalogueContent;
  onSaved: (content: AdminCatalogueContent) => void;
}) {
  const t = useT();
  const [backdrop, setBackdrop] = useState<string | null>(null);
  return (
    <section className="panel artwork-field" aria-labelledby="artwork-title">
      <h2 id="artwork-title">{t('catalogue.artwork.title')}</h2>
      <p className="muted">{t('catalogue.artwork.hint')}</p>
      <div className="artwork-inputs">
        <ArtworkInput
          contentId={content.contentId}
          kind="poster"
          current={content.posterUrl}
          onSaved={(next) => onSaved(next)}
        />
        <ArtworkInput
          contentId={content.contentId}
          kind="backdrop"
          current={backdrop}
          onSaved={(next, url) => {
            setBackdrop(url);
            onSaved(next);
          }}
        />
      </div>
    </section>
  );
}
