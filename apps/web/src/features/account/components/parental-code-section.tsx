import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber, DEFAULT_PARENTAL_THRESHOLD, validateParentalCode } from '@playz/domain';
import type { Customer } from '@playz/api-contract';
import { Form } from '@/components/form/form';
import { ParentalCodeField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import { ParentalCodeResetForm } from '@/components/parental-code-reset-form';
import { useToast } from '@/components/toast';
import { failureOf } from '@/lib/form-failure';
import { useEditCustomer } from '../api/use-account';
import { ParentalThresholdForm } from './parental-threshold-form';

type Field = 'currentCode' | 'newCode';

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
  customer: Pick<Customer, 'loggedWith' | 'parentalThreshold'>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [isOpen, setOpen] = useState(false);
  const [isResetting, setResetting] = useState(false);
  const form = useForm<Field>(
    { currentCode: '', newCode: '' },
    {
      validate: (values) => ({
        currentCode: hasParentalCode ? validateParentalCode(values.currentCode) : null,
        newCode: validateParentalCode(values.newCode),
      }),
    },
  );
  const edit = useEditCustomer();

  const send = (values: Record<Field, string>) =>
    edit.mutate(
      {
        parentalCode: values.newCode,
        ...(hasParentalCode ? { currentParentalCode: values.currentCode } : {}),
      },
      {
        onSuccess: () => {
          toast.show(t('account.parentalCodeSaved'), 'success');
          form.reset();
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
      {/* From which rating the code is asked: only an account with a code is asked (decision 059). */}
      {hasParentalCode && !isOpen ? (
        <ParentalThresholdForm threshold={customer.parentalThreshold ?? DEFAULT_PARENTAL_THRESHOLD} />
      ) : null}
      {isOpen ? (
        <Form onSubmit={form.handleSubmit(send)} error={form.formMessage} isPending={edit.isPending}>
          <div className="form__row">
            {hasParentalCode ? (
              <ParentalCodeField {...form.register('currentCode')} label={t('account.currentCode')} isRequired />
            ) : null}
            <ParentalCodeField
              {...form.register('newCode')}
              label={t('account.newCode')}
              hint={t('account.newCodeHint')}
              isRequired
            />
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
        </Form>
      ) : (
        <button type="button" className="button button--ghost button--small" onClick={() => setOpen(true)}>
          {t(hasParentalCode ? 'account.changeParentalCode' : 'account.setParentalCode')}
        </button>
      )}
    </>
  );
}
