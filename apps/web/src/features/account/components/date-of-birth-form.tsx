import { useTranslation } from '@/lib/use-translation';
import { ApiErrorNumber, validateDateOfBirth } from '@playz/domain';
import { Form } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import { useToast } from '@/components/toast';
import { failureOf } from '@/lib/form-failure';
import { useEditCustomer } from '../api/use-account';

/**
 * spec 1 §3 Customer dateOfBirth (decision 058 addendum): optional, set and cleared here with the
 * same rule the server applies (a real day, not after today); an empty field clears it.
 */
export function DateOfBirthForm({ dateOfBirth }: { dateOfBirth: string | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const edit = useEditCustomer();
  const form = useForm(
    { dateOfBirth: dateOfBirth ?? '' },
    { validate: (values) => ({ dateOfBirth: validateDateOfBirth(values.dateOfBirth) }) },
  );
  const send = (values: { dateOfBirth: string }) =>
    edit.mutate(
      { date_of_birth: values.dateOfBirth.trim() },
      {
        onSuccess: () => toast.show(t('account.dateOfBirthSaved'), 'success'),
        onError: (error) =>
          form.showFailure(
            failureOf(error, { [ApiErrorNumber.BadParameter]: { field: 'dateOfBirth', key: 'dateOfBirthInvalid' } }),
          ),
      },
    );

  return (
    <Form onSubmit={form.handleSubmit(send)} error={form.formMessage} isPending={edit.isPending}>
      <FormField
        {...form.register('dateOfBirth')}
        label={t('account.dateOfBirth')}
        hint={t('account.dateOfBirthHint')}
        type="date"
        name="date_of_birth"
        autoComplete="bday"
        max={new Date().toISOString().slice(0, 10)}
      />
      <div className="account-actions">
        <SubmitButton isPending={edit.isPending} label={t('account.dateOfBirthSave')} look="inline" />
      </div>
    </Form>
  );
}
