import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { adminEndpoints, type FailedJobLine, type StaffMember } from '@playz/api-contract/admin';
import { AdminApiError, adminCall } from '@/api/admin-client';
import { LocaleContext, useT } from '@/i18n/use-t';
import type { MessageKey } from '@/i18n/messages';
import { mayOpen } from '../shell/role-gate';
import { Status } from '../shell/status';
import { useKeysetPages } from '../lists/keyset-pager';

const PAGE = 25;

function failureOf(error: unknown): MessageKey {
  if (error instanceof AdminApiError) {
    if (error.number === 4) return 'actions.refused';
    // Retried or discarded meanwhile (another operator, a second click): the list was not current.
    if (error.number === 7) return 'jobs.gone';
  }
  return 'actions.failed';
}

function FailedRow({
  job,
  canChange,
  onRetry,
  onDiscard,
  busy,
}: {
  job: FailedJobLine;
  canChange: boolean;
  onRetry: () => void;
  onDiscard: () => void;
  busy: boolean;
}) {
  const t = useT();
  const locale = useContext(LocaleContext);
  return (
    <tr>
      <td data-label={t('jobs.failedAt')}>
        {job.failedAt ? <time dateTime={job.failedAt}>{new Date(job.failedAt).toLocaleString(locale)}</time> : '—'}
      </td>
      <td data-label={t('jobs.job')}>
        <code>{job.name}</code>
        <br />
        <small>#{job.id}</small>
      </td>
      <td data-label={t('jobs.attempts')}>{job.attempts}</td>
      <td data-label={t('jobs.error')} className="job-error">
        {job.error || '—'}
      </td>
      <td data-label={t('jobs.payload')}>
        <code className="job-payload">{job.payload}</code>
      </td>
      {canChange ? (
        <td className="row-buttons">
          <button
            type="button"
            className="button"
            onClick={onRetry}
            disabled={busy}
            aria-label={t('jobs.retryOf', { id: job.id })}
          >
            {t('jobs.retry')}
          </button>
          <button
            type="button"
            className="button ghost"
            onClick={onDiscard}
            disabled={busy}
            aria-label={t('jobs.discardOf', { id: job.id })}
          >
            {t('jobs.discard')}
          </button>
        </td>
      ) : null}
    </tr>
  );
}

/** One queue's dead-letter list, paged on the server; admin retries and discards (decision 092). */
function DeadLetters({ queue, me }: { queue: string; me: StaffMember }) {
  const t = useT();
  const queryClient = useQueryClient();
  // By the server's cursors (decision 116): a run failing meanwhile shifts no page; another queue
  // starts again at its first page.
  const pages = useKeysetPages(queue);
  const [done, setDone] = useState<string | null>(null);
  const canChange = mayOpen(me, ['admin']);
  const page = useQuery({
    queryKey: ['jobs', 'failed', queue, pages.after ?? null],
    queryFn: () =>
      adminCall(adminEndpoints.listFailedJobs, { params: { queue }, query: { after: pages.after, limit: PAGE } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['jobs'] });
  const change = useMutation({
    mutationFn: async (what: { kind: 'retry' | 'discard'; id: string } | { kind: 'retry-all' }) => {
      if (what.kind === 'retry-all') {
        const answer = await adminCall(adminEndpoints.retryAllFailedJobs, { params: { queue } });
        return t('jobs.retriedAll', { count: String(answer.retried) });
      }
      const endpoint = what.kind === 'retry' ? adminEndpoints.retryFailedJob : adminEndpoints.discardFailedJob;
      await adminCall(endpoint, { params: { queue, id: what.id } });
      return t(what.kind === 'retry' ? 'jobs.retried' : 'jobs.discarded', { id: what.id });
    },
    onMutate: () => setDone(null),
    onSuccess: (text) => setDone(text),
    onSettled: refresh,
  });
  const total = page.data?.total ?? 0;
  const jobs = page.data?.jobs ?? [];
  const next = page.data?.next ?? null;
  /** The shown page's first line's rank, for the "1–25 of 30" words. */
  const first = (pages.page - 1) * PAGE + 1;
  return (
    <section aria-labelledby="dead-letters-title" className="dead-letters">
      <div className="section-head">
        <h2 id="dead-letters-title">{t('jobs.deadLetters', { queue })}</h2>
        {canChange && total > 0 ? (
          <button
            type="button"
            className="button"
            disabled={change.isPending}
            onClick={() => {
              if (window.confirm(t('jobs.confirmRetryAll', { count: String(total), queue })))
                change.mutate({ kind: 'retry-all' });
            }}
          >
            {t('jobs.retryAll')}
          </button>
        ) : null}
      </div>
      <div aria-live="polite">
        {change.isError ? (
          <p className="error" role="alert">
            {t(failureOf(change.error))}
          </p>
        ) : done ? (
          <p role="status">{done}</p>
        ) : null}
      </div>
      {page.isPending ? <Status kind="loading" /> : null}
      {page.isError ? <Status kind="error" onRetry={() => void page.refetch()} /> : null}
      {page.isSuccess && total === 0 ? <p>{t('jobs.noFailed')}</p> : null}
      {jobs.length ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t('jobs.failedAt')}</th>
                <th>{t('jobs.job')}</th>
                <th>{t('jobs.attempts')}</th>
                <th>{t('jobs.error')}</th>
                <th>{t('jobs.payload')}</th>
                {canChange ? <th>{t('jobs.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <FailedRow
                  key={job.id}
                  job={job}
                  canChange={canChange}
                  busy={change.isPending}
                  onRetry={() => change.mutate({ kind: 'retry', id: job.id })}
                  onDiscard={() => {
                    if (window.confirm(t('jobs.confirmDiscard', { id: job.id })))
                      change.mutate({ kind: 'discard', id: job.id });
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages.page > 1 || next ? (
        <nav className="pager" aria-label={t('jobs.pages')}>
          <button type="button" className="button ghost" disabled={pages.page === 1} onClick={pages.previous}>
            {t('jobs.newer')}
          </button>
          <span>
            {t('jobs.range', {
              from: String(first),
              to: String(first + Math.max(jobs.length - 1, 0)),
              total: String(total),
            })}
          </span>
          <button type="button" className="button ghost" disabled={!next} onClick={() => next && pages.next(next)}>
            {t('jobs.older')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/**
 * The operator's view of the job queues (decision 092): each queue's counts, and the chosen
 * queue's dead-letter list. Support reads; admin retries and discards.
 */
export function JobsPage({ me }: { me: StaffMember }) {
  const t = useT();
  const [chosen, setChosen] = useState<string | null>(null);
  const queues = useQuery({
    queryKey: ['jobs', 'queues'],
    queryFn: () => adminCall(adminEndpoints.listJobQueues),
  });
  const list = queues.data?.queues ?? [];
  const shown = chosen ?? list.find((queue) => queue.failed > 0)?.name ?? null;
  return (
    <section>
      <div className="section-head">
        <h1>{t('jobs.title')}</h1>
        <button type="button" className="button ghost" onClick={() => void queues.refetch()}>
          {t('jobs.refresh')}
        </button>
      </div>
      {queues.data ? (
        <p className="hint">{t(queues.data.mode === 'queue' ? 'jobs.modeQueue' : 'jobs.modeProcess')}</p>
      ) : null}
      {queues.isPending ? <Status kind="loading" /> : null}
      {queues.isError ? <Status kind="error" onRetry={() => void queues.refetch()} /> : null}
      {list.length ? (
        <div className="table-wrap">
          <table className="queue-counts">
            <caption className="visually-hidden">{t('jobs.queues')}</caption>
            <thead>
              <tr>
                <th>{t('jobs.queue')}</th>
                <th>{t('jobs.waiting')}</th>
                <th>{t('jobs.running')}</th>
                <th>{t('jobs.failed')}</th>
                <th>{t('jobs.completed')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((queue) => (
                <tr key={queue.name} aria-current={queue.name === shown ? 'true' : undefined}>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      aria-pressed={queue.name === shown}
                      onClick={() => setChosen(queue.name)}
                    >
                      {queue.name}
                    </button>
                  </td>
                  <td>{queue.waiting}</td>
                  <td>{queue.running}</td>
                  <td className={queue.failed > 0 ? 'count-failed' : undefined}>{queue.failed}</td>
                  <td>{queue.completedRecently}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : queues.isSuccess ? (
        <p>{t('jobs.noQueue')}</p>
      ) : null}
      {shown ? <DeadLetters key={shown} queue={shown} me={me} /> : null}
    </section>
  );
}
