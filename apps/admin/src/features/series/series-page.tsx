import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { adminEndpoints } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { frenchTitleOnly, NewByTitle } from '@/components/catalogue-list';
import { KeysetPager, useKeysetPages } from '../lists/keyset-pager';
import { useT } from '@/i18n/use-t';
import { Status } from '../shell/status';
import { refusalKey } from './series-refusal';
import '../catalogue/catalogue.css';
import './series.css';

/** The series, newest first, a page at a time, and a new one by its French title (decision 105). */
export function SeriesListPage() {
  const t = useT();
  const navigate = useNavigate();
  // A title in any of the four languages (decision 117); a new search starts at the first page.
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState('');
  const pages = useKeysetPages<number>(asked);
  const list = useQuery({
    queryKey: ['series', 'list', asked, pages.after ?? null],
    queryFn: () =>
      adminCall(adminEndpoints.listAdminSeries, { query: { q: asked || undefined, after: pages.after, limit: 50 } }),
  });
  const create = useMutation({
    mutationFn: (title: string) =>
      adminCall(adminEndpoints.createAdminSeries, { body: { texts: frenchTitleOnly(title), rating: 0 } }),
    onSuccess: (answer) => void navigate(`/series/${answer.series.id}`),
  });
  return (
    <section className="series">
      <h1>{t('series.title')}</h1>
      <p>{t('series.intro')}</p>
      <p>
        <Link to="/collections">{t('collections.open')}</Link>
      </p>
      <NewByTitle
        label={t('series.newTitle')}
        submit={t('series.create')}
        pending={create.isPending}
        refusal={create.isError ? t(refusalKey(create.error, 'series')) : null}
        onCreate={(title) => create.mutate(title)}
      />
      <form
        className="inline-form"
        role="search"
        aria-label={t('series.lookupLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(q.trim());
        }}
      >
        <label>
          {t('series.lookupLabel')}
          <input type="search" minLength={2} maxLength={100} value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button type="submit" className="button ghost">
          {t('series.lookup')}
        </button>
      </form>
      {list.isPending ? <Status kind="loading" /> : null}
      {list.isError ? <Status kind="error" onRetry={() => void list.refetch()} /> : null}
      {list.data && asked && list.data.series.length === 0 ? <p>{t('series.noneFound')}</p> : null}
      {list.data ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t('series.name')}</th>
                <th>{t('series.state')}</th>
                <th>{t('series.seasons')}</th>
                <th>{t('series.episodes')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.series.map((s) => (
                <tr key={s.id}>
                  <td className="name">
                    <Link to={`/series/${s.id}`}>{s.title}</Link> <span className="muted">#{s.id}</span>
                  </td>
                  <td>{t(s.published ? 'series.published' : 'series.unpublished')}</td>
                  <td className="amount">{s.seasons}</td>
                  <td className="amount">{s.episodes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <KeysetPager pages={pages} next={list.data?.next} />
    </section>
  );
}
