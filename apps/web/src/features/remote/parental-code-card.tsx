import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { validateParentalCode } from '@playz/domain';
import type { ScreenAsk } from '@playz/remote';
import { Form } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { SubmitButton } from '@/components/form/submit-button';

/**
 * The linked TV asks for the parental code (decision 040, `?asks=` on its page): typed here on the
 * phone's keyboard instead of with the TV's arrows, and sent to the TV, which checks it as if typed
 * there. `again`: the last code was wrong. Shown for the account's own screens only.
 */
export function ParentalCodeCard({ ask, onSend }: { ask: ScreenAsk; onSend: (code: string) => boolean }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validateParentalCode(code) !== null) return setInvalid(true);
    if (onSend(code)) {
      setSent(true);
      setCode('');
    }
  };
  const wrong = ask === 'parental-code-again';
  return (
    <section className="remote-card remote-handoff" aria-labelledby="remote-parental">
      <h2 id="remote-parental" className="remote-card__title">
        {t('remote.phone.parentalTitle')}
      </h2>
      <p className="remote-handoff__text">{t('remote.phone.parentalText')}</p>
      {wrong ? (
        <p className="notice" role="alert">
          {t('dialogs.parentalCode.wrong')}
        </p>
      ) : sent ? (
        <p className="remote-handoff__text" role="status">
          {t('remote.phone.parentalSent')}
        </p>
      ) : null}
      <Form className="remote-guest" onSubmit={submit}>
        <FormField
          label={t('dialogs.parentalCode.title')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, ''));
            setInvalid(false);
          }}
          error={invalid ? t('validation.parentalCodeInvalid') : null}
        />
        <SubmitButton label={t('remote.phone.parentalSend')} look="inline" />
      </Form>
    </section>
  );
}
