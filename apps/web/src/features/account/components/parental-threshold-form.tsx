import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber, PARENTAL_THRESHOLDS, validateParentalCode } from '@playz/domain';
import { SelectField } from '@/components/form/form-field';
import { Form } from '@/components/form/form';
import { ParentalCodeField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import { useToast } from '@/components/toast';
import { useEditCustomer } from '../api/use-account';

type Field = 'threshold' | 'currentCode';

/**
 * From which rating the parental code is asked before playing (decision 059): -16 until the
 * account chooses. Asking less often loosens the protection, so it asks for the current code,
 * which the server checks with its lockout; asking more often is free.
 */
export function ParentalThresholdForm({ threshold }: { threshold: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const edit = useEditCustomer();
  const isRaise = (values: Record<Field, string>) => Number(values.threshold) > threshold;
  const form = useForm<Field>(
    { threshold: String(threshold), currentCode: '' },
    { validate: (values) => ({ currentCode: isRaise(values) ? validateParentalCode(values.currentCode) : null }) },
  );

  const send = (values: Record<Field, string>) =>
    edit.mutate(
      {
        parental_threshold: values.threshold,
        ...(isRaise(values) ? { currentParentalCode: values.currentCode } : {}),
      },
      {
        onSuccess: () => {
          toast.show(t('account.parentalThresholdSaved'), 'success');
          form.setValue('currentCode', '');
        },
        onError: (error) => {
          // 4 without a rate-limit status: the current code is wrong (HTTP 429 means locked out).
          if (isApiError(error, ApiErrorNumber.Forbidden) && error.status !== 429) {
            form.setFormError('dialogs.parentalCode.wrong');
            return;
          }
          form.setFormError('errors.generic');
        },
      },
    );

  return (
    <Form onSubmit={form.handleSubmit(send)} error={form.formMessage} isPending={edit.isPending}>
      <div className="form__row">
        <SelectField {...form.register('threshold')} label={t('account.parentalThreshold')} isRequired>
          {PARENTAL_THRESHOLDS.map((age) => (
            <option key={age} value={age}>
              {t('account.parentalThresholdAge', { age })}
            </option>
          ))}
        </SelectField>
        {isRaise(form.values) ? (
          <ParentalCodeField {...form.register('currentCode')} label={t('account.currentCode')} isRequired />
        ) : null}
      </div>
      <div className="account-actions">
        <SubmitButton isPending={edit.isPending} label={t('common.save')} />
      </div>
    </Form>
  );
}
