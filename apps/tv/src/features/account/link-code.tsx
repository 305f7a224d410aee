import { useTranslation } from 'react-i18next';

/**
 * A link code and its QR image, large enough to read and scan from the sofa. The QR carries the
 * whole `url`; the text shows `typeAt`, the short page where the code is typed instead (by
 * default the url without its query).
 */
export function LinkCode({
  code,
  url,
  qrImage,
  typeAt = url.replace(/\?.*$/, ''),
}: {
  code: string;
  url: string;
  qrImage: string;
  typeAt?: string;
}) {
  const { t } = useTranslation();
  // Shown in two groups of four: easier to read out and type on a phone.
  const grouped = code.length === 8 ? `${code.slice(0, 4)} ${code.slice(4)}` : code;
  return (
    <div className="link-code">
      <img className="link-code__qr" src={qrImage} alt={t('tv.link.qrAlt')} />
      <div className="link-code__steps">
        <p className="link-code__step">{t('tv.link.scan')}</p>
        <p className="link-code__or">{t('tv.link.or')}</p>
        <p className="link-code__step">
          {t('tv.link.open')} <span className="link-code__url">{typeAt.replace(/^https?:\/\//, '')}</span>
        </p>
        <p className="link-code__code" data-testid="link-code" aria-label={code}>
          {grouped}
        </p>
      </div>
    </div>
  );
}
