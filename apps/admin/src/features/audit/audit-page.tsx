import { useInfiniteQuery } from '@tanstack/react-query';
import { useContext, useState, type FormEvent } from 'react';
import { adminEndpoints, type AuditEntry } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { LocaleContext, useT } from '@/i18n/use-t';
import { Status } from '../shell/status';

const PAGE = 50;

interface Filters {
  action: string;
  actor: string;
  target_type: string;
  target_id: string;
}
const NO_FILTER: Filters = { action: '', actor: '', target_type: '', target_id: '' };

/** A change's side as the operator reads it: one `field: value` line per field, JSON beyond that. */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value)
    .map(
      ([key, field]) =>
        `${key}: ${Array.isArray(field) ? field.join(', ') : typeof field === 'object' && field !== null ? JSON.stringify(field) : String(field)}`,
    )
    .join('\n');
}

function Row({ entry }: { entry: AuditEntry }) {
  const locale = useContext(LocaleContext);
  return (
    <tr>
      <td>
        <time dateTime={entry.at}>{new Date(entry.at).toLocaleString(locale)}</time>
      </td>
      <td>{entry.actor}</td>
      <td>
        <code>{entry.action}</code>
      </td>
      <td>
        {entry.targetType} {entry.targetId}
      </td>
      <td className="change">
        <pre>{show(entry.before)}</pre>
        <span aria-hidden="true">→</span>
        <pre>{show(entry.after)}</pre>
      </td>
    </tr>
  );
}

/** The audit log, newest first, filtered by action, author and target, paged (decision 080). */
export function AuditPage() {
  const t = useT();
  const [draft, setDraft] = useState<Filters>(NO_FILTER);
  const [filters, setFilters] = useState<Filters>(NO_FILTER);
  const log = useInfiniteQuery({
    queryKey: ['audit', filters],
    initialPageParam: undefined as string | undefined,
    // The server's opaque cursor (decision 116): the console never builds one.
    queryFn: ({ pageParam }) =>
      adminCall(adminEndpoints.listAudit, { query: { ...filters, limit: PAGE, after: pageParam } }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const field = (key: keyof Filters, label: Parameters<typeof t>[0]) => (
    <label>
      {t(label)}
      <input value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </label>
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  return (
    <section>
      <h1>{t('audit.title')}</h1>
      <form className="filters" onSubmit={apply}>
        {field('action', 'audit.action')}
        {field('actor', 'audit.actor')}
        {field('target_type', 'audit.target')}
        <button type="submit" className="button">
          {t('audit.filter')}
        </button>
      </form>
      {log.isPending ? <Status kind="loading" /> : null}
      {log.isError ? <Status kind="error" onRetry={() => void log.refetch()} /> : null}
      {log.isSuccess && entries.length === 0 ? <p>{t('audit.empty')}</p> : null}
      {entries.length ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t('audit.at')}</th>
                <th>{t('audit.actor')}</th>
                <th>{t('audit.action')}</th>
                <th>{t('audit.target')}</th>
                <th>{t('audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <Row key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {log.hasNextPage ? (
        <button
          type="button"
          className="button"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {t('audit.older')}
        </button>
      ) : null}
    </section>
  );
}
