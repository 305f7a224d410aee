import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminEndpoints } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { useT } from '@/i18n/use-t';

/** Finds a content by its title, as the schedule editor does, to make it the season's next episode. */
export function AttachEpisode(props: {
  seasonNumber?: number;
  label?: string;
  busy: boolean;
  onAttach: (content: { id: number; title: string }) => void;
}) {
  const t = useT();
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState('');
  const found = useQuery({
    queryKey: ['series', 'find', asked],
    queryFn: () => adminCall(adminEndpoints.searchScheduleContents, { query: { q: asked } }),
    enabled: asked.length > 0,
  });
  const label = props.label ?? t('series.find', { number: String(props.seasonNumber ?? '') });
  return (
    <div className="attach">
      <form
        className="inline-form"
        role="search"
        aria-label={label}
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(q.trim());
        }}
      >
        <label>
          {label}
          <input type="search" maxLength={100} value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button type="submit" className="button ghost small">
          {t('series.search')}
        </button>
      </form>
      {found.data ? (
        found.data.contents.length === 0 ? (
          <p className="muted">{t('series.nothingFound')}</p>
        ) : (
          <ul className="found">
            {found.data.contents.map((c) => (
              <li key={c.id}>
                <span>
                  {c.title} <span className="muted">#{c.id}</span>
                </span>
                <button
                  type="button"
                  className="button ghost small"
                  disabled={props.busy}
                  aria-label={t('series.addNamed', { name: c.title })}
                  onClick={() => props.onAttach(c)}
                >
                  {t('series.add')}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
