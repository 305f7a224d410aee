import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Form } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { SubmitButton } from '@/components/form/submit-button';

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
      <Form className="remote-guest" onSubmit={submit}>
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
        <SubmitButton label={t('remote.phone.guestSubmit')} look="light" isDisabled={busy || !code.trim()} />
      </Form>
    </section>
  );
}
