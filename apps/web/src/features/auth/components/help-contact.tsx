import { useTranslation } from '@/lib/use-translation';

/** The help contact the recovery screens show (spec 1 §2 forgot login): the publisher's e-mail. */
export function HelpContact({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <p className="help-contact">
      {t('recovery.helpContact')}{' '}
      <a className="help-contact__link" href={`mailto:${email}`}>
        {email}
      </a>
    </p>
  );
}
