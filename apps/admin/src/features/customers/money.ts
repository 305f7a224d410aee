/** An amount in cents as the viewer's locale writes money. */
export const formatMoney = (cents: number | null, currency: string | null, locale: string) =>
  cents === null
    ? '—'
    : new Intl.NumberFormat(locale, { style: 'currency', currency: currency ?? 'EUR' }).format(cents / 100);

export const formatDate = (iso: string | null, locale: string) =>
  iso ? new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' }) : '—';
