import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { adminEndpoints, type StaffMember } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { useT } from '@/i18n/use-t';
import { Status } from '../shell/status';
import { KeysetPager, useKeysetPages } from '../lists/keyset-pager';
import { CustomerCard } from './customer-card';

/** Support's search (decision 080): the query lives in the address, so a link finds it again. */
export function CustomersPage({ me }: { me: StaffMember }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const { id } = useParams();
  // Without a search, the newest accounts; either way a page at a time, the search kept (decision 110).
  const pages = useKeysetPages(q);
  const searching = q.trim().length > 0;
  const search = useQuery({
    queryKey: ['customers', q, pages.after],
    queryFn: () =>
      adminCall(adminEndpoints.findCustomers, {
        query: { ...(searching ? { q } : {}), ...(pages.after ? { after: pages.after } : {}) },
      }),
    enabled: !searching || q.trim().length >= 3,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  return (
    <section>
      <h1>{t('customers.title')}</h1>
      <form className="filters" role="search" onSubmit={submit}>
        <label className="grow">
          {t('customers.search')}
          <input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <button type="submit" className="button primary">
          {t('customers.find')}
        </button>
      </form>
      {q && q.trim().length < 3 ? <p className="muted">{t('customers.short')}</p> : null}
      {search.isFetching && !search.data ? <Status kind="loading" /> : null}
      {search.isError ? <Status kind="error" onRetry={() => void search.refetch()} /> : null}
      {search.data && search.data.customers.length === 0 ? <p>{t('customers.none')}</p> : null}
      {!searching && search.data ? <h2>{t('customers.newest')}</h2> : null}
      {search.data && search.data.customers.length > 0 ? (
        <ul className="results">
          {search.data.customers.map((customer) => (
            <li key={customer.id}>
              <Link
                to={`/customers/${customer.id}?q=${encodeURIComponent(q)}`}
                aria-current={String(customer.id) === id ? 'page' : undefined}
              >
                <strong>{customer.login ?? customer.uid}</strong>
                <span className="muted">
                  {customer.name} {customer.phone ? `· ${customer.phone}` : ''}{' '}
                  {customer.deleted ? `· ${t('customers.deleted')}` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {search.data ? <KeysetPager pages={pages} next={search.data.next} /> : null}
      {id ? <CustomerCard key={id} id={Number(id)} me={me} /> : null}
    </section>
  );
}
