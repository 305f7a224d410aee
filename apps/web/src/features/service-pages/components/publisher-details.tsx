import { useTranslation } from '@/lib/use-translation';
import type { App } from '@playz/api-contract';

type Publisher = App['publisher'];

export const publisherAddress = (publisher: Publisher) =>
  `${publisher.address}, ${publisher.zipCode} ${publisher.city}`;

/** The publisher's identity (spec 1 §2): name, company type, capital, register, address, phone, e-mail, VAT. */
export function PublisherDetails({ publisher }: { publisher: Publisher }) {
  const { t } = useTranslation();
  const rows = [
    ['service.fields.name', publisher.name],
    ['service.fields.companyType', publisher.companyType],
    ['service.fields.capital', publisher.capital],
    ['service.fields.registerNumber', publisher.registerNumber],
    ['service.fields.address', publisherAddress(publisher)],
    ['service.fields.phone', <a href={`tel:${publisher.phone.replace(/\s/g, '')}`}>{publisher.phone}</a>],
    ['service.fields.email', <a href={`mailto:${publisher.email}`}>{publisher.email}</a>],
    ['service.fields.vatNumber', publisher.vatNumber],
  ] as const;
  return (
    <dl className="facts">
      {rows.map(([key, value]) => (
        <div key={key} className="facts__row">
          <dt>{t(key)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
