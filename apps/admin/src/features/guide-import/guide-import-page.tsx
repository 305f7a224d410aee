import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminEndpoints, GUIDE_IMPORT_MAX_CHARS, type GuideImportPreview } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import type { MessageKey } from '@/i18n/messages';
import { useT } from '@/i18n/use-t';
import './guide-import.css';

type Format = 'xmltv' | 'm3u';

/** A file's text (FileReader: what every browser, and the component tests' DOM, has). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
/** M3U by its name or its first line, XMLTV otherwise. */
const formatOf = (name: string, text: string): Format =>
  /\.m3u8?$/i.test(name) || text.trimStart().startsWith('#EXTM3U') ? 'm3u' : 'xmltv';

/**
 * XMLTV and M3U imports from the browser (decision 103): the file's text is posted for a preview
 * that writes nothing (channels matched, programmes added and replaced per day, lines skipped with
 * their number), then applied in one transaction.
 */
export function GuideImportPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [format, setFormat] = useState<Format>('xmltv');
  const [tooBig, setTooBig] = useState(false);
  const [said, setSaid] = useState('');
  const preview = useMutation({
    mutationFn: (input: { format: Format; text: string }) =>
      adminCall(adminEndpoints.previewGuideImport, { body: input }),
  });
  const apply = useMutation({
    mutationFn: (input: { format: Format; text: string }) =>
      adminCall(adminEndpoints.applyGuideImport, { body: input }),
    onSuccess: (done) => {
      setSaid(
        t('guideImport.done', {
          programmes: String(done.applied.programmes),
          created: String(done.applied.channelsCreated),
          updated: String(done.applied.channelsUpdated),
        }),
      );
      void queryClient.invalidateQueries({ queryKey: ['channels'] });
      void queryClient.invalidateQueries({ queryKey: ['schedule'] });
    },
  });
  const seen: GuideImportPreview | undefined = apply.data?.preview ?? preview.data?.preview;
  const busy = preview.isPending || apply.isPending;

  return (
    <section className="guide-import">
      <p>
        <Link to="/channels">← {t('guideImport.back')}</Link>
      </p>
      <h1>{t('guideImport.title')}</h1>
      <p className="muted">{t('guideImport.intro')}</p>
      <form
        className="panel"
        onSubmit={(event) => {
          event.preventDefault();
          if (file) preview.mutate({ format, text: file.text });
        }}
      >
        <label>
          {t('guideImport.file')}
          <input
            type="file"
            accept=".xml,.xmltv,.m3u,.m3u8,text/xml,application/xml,audio/x-mpegurl"
            onChange={async (event) => {
              const chosen = event.target.files?.[0];
              preview.reset();
              apply.reset();
              setSaid('');
              setFile(null);
              if (!chosen) return;
              // The server takes 2 MB of text: a bigger file is refused here, before it is read.
              setTooBig(chosen.size > GUIDE_IMPORT_MAX_CHARS);
              if (chosen.size > GUIDE_IMPORT_MAX_CHARS) return;
              const text = await readText(chosen);
              setFormat(formatOf(chosen.name, text));
              setFile({ name: chosen.name, text });
            }}
          />
        </label>
        {tooBig ? (
          <p role="alert" className="error">
            {t('guideImport.tooBig')}
          </p>
        ) : null}
        <fieldset>
          <legend>{t('guideImport.format')}</legend>
          {(['xmltv', 'm3u'] as const).map((f) => (
            <label key={f} className="check">
              <input type="radio" name="format" checked={format === f} onChange={() => setFormat(f)} />
              {t(`guideImport.${f}`)}
            </label>
          ))}
        </fieldset>
        <div className="row-actions">
          <button type="submit" className="button" disabled={!file || busy}>
            {t('guideImport.preview')}
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!file || !preview.data || busy || apply.isSuccess}
            onClick={() => file && apply.mutate({ format, text: file.text })}
          >
            {t('guideImport.apply')}
          </button>
        </div>
        {preview.isError || apply.isError ? (
          <p role="alert" className="error">
            {t('guideImport.failed')}
          </p>
        ) : null}
        <p role="status" className={said ? 'guide-import-done' : 'visually-hidden'}>
          {said}
        </p>
      </form>
      {seen ? (
        <div className="guide-import-preview">
          <h2>{t('guideImport.channels')}</h2>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>{t('guideImport.inFile')}</th>
                  <th>{t('guideImport.ours')}</th>
                  <th>{t('guideImport.action')}</th>
                </tr>
              </thead>
              <tbody>
                {seen.channels.map((c, index) => (
                  <tr key={`${c.key}-${index}`}>
                    <td>
                      {c.name} <span className="muted">{c.key !== c.name ? c.key : ''}</span>
                    </td>
                    <td>{c.channelName ? `${c.channelName} #${c.channelId}` : '—'}</td>
                    <td>{t(`guideImport.action.${c.action}` as MessageKey)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {seen.format === 'xmltv' ? (
            <>
              <h2>{t('guideImport.days')}</h2>
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th>{t('guideImport.channel')}</th>
                      <th>{t('guideImport.day')}</th>
                      <th className="amount">{t('guideImport.added')}</th>
                      <th className="amount">{t('guideImport.replaced')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {seen.days.map((d) => (
                      <tr key={`${d.channelId}-${d.day}`}>
                        <td>{d.channelName}</td>
                        <td className="day">{d.day}</td>
                        <td className="amount">{d.added}</td>
                        <td className="amount">{d.replaced}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
          <h2>{t('guideImport.errors')}</h2>
          {seen.errors.length ? (
            <ul className="guide-import-errors">
              {seen.errors.map((e) => (
                <li key={`${e.line}-${e.reason}`}>
                  {t('guideImport.line', {
                    line: String(e.line),
                    reason: t(`guideImport.reason.${e.reason}` as MessageKey),
                  })}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('guideImport.noErrors')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
