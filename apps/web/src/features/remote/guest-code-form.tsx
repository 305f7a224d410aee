import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';

/** The code a friend's TV shows (TV /remote), typed when the QR cannot be scanned. */
export function GuestCodeForm({
  onSubmit,
  error,
  busy,
}: {
  onSubmit: (code: string) => void;
  error: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onSubmit(code);
  };
  return (
    <section className="remote-card" aria-labelledby="remote-guest">
      <h2 id="remote-guest" className="remote-card__title">
        {t('remote.phone.guestTitle')}
      </h2>
      <form className="remote-guest" onSubmit={submit} noValidate>
        <FormField
          label={t('remote.phone.guestLabel')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          error={error}
        />
        <button type="submit" className="button button--light" disabled={busy || !code.trim()}>
          {t('remote.phone.guestSubmit')}
        </button>
      </form>
    </section>
  );
}
