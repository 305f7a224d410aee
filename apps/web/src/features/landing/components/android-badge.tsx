import { useTranslation } from '@/lib/use-translation';

/** A store badge drawn in SVG (no external image): the multicolour play mark and two lines of text. */
export function AndroidBadge({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <a className="store-badge" href={href} target="_blank" rel="noopener noreferrer">
      <svg className="store-badge__mark" viewBox="0 0 40 44" aria-hidden="true" focusable="false">
        <path d="M2 2.6 22.4 22 2 41.4c-.6-.4-1-1.1-1-2V4.6c0-.9.4-1.6 1-2Z" fill="#00d7fe" />
        <path d="m29.2 15.4-6.8 6.6L2 2.6c.3-.2.7-.4 1.1-.4.5 0 .9.1 1.3.4z" fill="#00f076" />
        <path d="M22.4 22 29.2 28.6 4.4 41.6c-.4.2-.8.4-1.3.4-.4 0-.8-.1-1.1-.4z" fill="#f63448" />
        <path d="m37.6 20-8.4-4.6-6.8 6.6 6.8 6.6 8.4-4.6c1.6-.9 1.6-3.1 0-4z" fill="#ffd500" />
      </svg>
      <span className="store-badge__text">
        {/* Named by its two visible lines (WCAG 2.5.3): the space keeps them apart in the name. */}
        <span className="store-badge__small">{t('landing.androidBadgeSmall')}</span>{' '}
        <span className="store-badge__big">Google Play</span>
      </span>
    </a>
  );
}
