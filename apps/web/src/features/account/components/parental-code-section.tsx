import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber, PARENTAL_CODE_LENGTH, validateParentalCode } from '@playz/domain';
import type { Customer } from '@playz/api-contract';
import { FormField } from '@/components/form-field';
import { ParentalCodeResetForm } from '@/components/parental-code-reset-form';
import { useToast } from '@/components/toast';
import { failureOf } from '@/lib/form-failure';
import { useForm } from '@/lib/use-form';
import { useEditCustomer } from '../api/use-account';
import { SubmitButton } from './submit-button';

const ORDER = ['currentCode', 'newCode'] as const;
type Field = (typeof ORDER)[number];

/**
 * Set or change the 4-digit parental code (spec 1 §1, §5; decision 009). Changing a code asks for the
 * current one, which the server checks with its lockout (4 when wrong, HTTP 429 when locked);
 * "Code oublié ?" sets a new one after confirming the account instead (decision 019).
 */
export function ParentalCodeSection({
  hasParentalCode,
  customer,
}: {
  hasParentalCode: boolean;
  customer: Pick<Customer, 'loggedWith'>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [isOpen, setOpen] = useState(false);
  const [isResetting, setResetting] = useState(false);
  const form = useForm<Field>({ currentCode: '', newCode: '' }, ORDER);
  const edit = useEditCustomer();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const currentError = hasParentalCode ? validateParentalCode(form.values.currentCode) : null;
    const newError = validateParentalCode(form.values.newCode);
    if (
      !form.check({
        ...(currentError ? { currentCode: currentError } : {}),
        ...(newError ? { newCode: newError } : {}),
      })
    )
      return;
    edit.mutate(
      {
        parentalCode: form.values.newCode,
        ...(hasParentalCode ? { currentParentalCode: form.values.currentCode } : {}),
      },
      {
        onSuccess: () => {
          toast.show(t('account.parentalCodeSaved'), 'success');
          form.setValue('currentCode', '');
          form.setValue('newCode', '');
          setOpen(false);
        },
        onError: (error) => {
          // 4 without a rate-limit status: the current code is wrong (HTTP 429 means locked out).
          if (isApiError(error, ApiErrorNumber.Forbidden) && error.status !== 429) {
            form.setFormError('dialogs.parentalCode.wrong');
            return;
          }
          form.showFailure(
            failureOf<Field>(error, {
              [ApiErrorNumber.BadParameter]: { field: 'newCode', key: 'parentalCodeInvalid' },
            }),
          );
        },
      },
    );
  };

  const codeInput = (field: Field) => ({
    ref: form.refFor(field),
    type: 'password',
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    maxLength: PARENTAL_CODE_LENGTH,
    pattern: '[0-9]*',
    isRequired: true,
    value: form.values[field],
    onChange: (event: { target: { value: string } }) => form.setValue(field, event.target.value),
    error: form.fieldErrors[field] ? t(`validation.${form.fieldErrors[field]}`) : null,
  });

  if (isResetting) {
    return (
      <ParentalCodeResetForm
        customer={customer}
        onCancel={() => setResetting(false)}
        onDone={() => {
          setResetting(false);
          setOpen(false);
        }}
      />
    );
  }

  return (
    <>
      <p className="account-muted">{t(hasParentalCode ? 'account.parentalCodeSet' : 'account.parentalCodeNone')}</p>
      {isOpen ? (
        <form className="form" onSubmit={onSubmit} noValidate aria-busy={edit.isPending || undefined}>
          {form.formError ? (
            <p className="form__error" role="alert">
              {t(form.formError)}
            </p>
          ) : null}
          <div className="form__row">
            {hasParentalCode ? <FormField {...codeInput('currentCode')} label={t('account.currentCode')} /> : null}
            <FormField {...codeInput('newCode')} label={t('account.newCode')} hint={t('account.newCodeHint')} />
          </div>
          <div className="account-actions">
            <SubmitButton isPending={edit.isPending} label={t('common.save')} />
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </button>
          </div>
          {hasParentalCode ? (
            <button type="button" className="link-button" onClick={() => setResetting(true)}>
              {t('dialogs.parentalCode.forgot')}
            </button>
          ) : null}
        </form>
      ) : (
        <button type="button" className="button button--ghost button--small" onClick={() => setOpen(true)}>
          {t(hasParentalCode ? 'account.changeParentalCode' : 'account.setParentalCode')}
        </button>
      )}
    </>
  );
}
