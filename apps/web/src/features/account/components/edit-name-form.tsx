import { useTranslation } from '@/lib/use-translation';
import { validateEditNameForm } from '@playz/domain';
import { Form, MandatoryFieldsNote } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { SubmitButton } from '@/components/form/submit-button';
import { useForm } from '@/components/form/use-form';
import { failureOf } from '@/lib/form-failure';
import { useEditCustomer } from '../api/use-account';

/** Edit name (spec 1 §2, §5): first and last name, each required; goes back on success. */
export function EditNameForm({
  firstName,
  lastName,
  onSuccess,
}: {
  firstName: string | null;
  lastName: string | null;
  onSuccess: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ firstName: firstName ?? '', lastName: lastName ?? '' }, { validate: validateEditNameForm });
  const edit = useEditCustomer();

  const send = (values: { firstName: string; lastName: string }) =>
    edit.mutate(
      { firstname: values.firstName.trim(), lastname: values.lastName.trim() },
      { onSuccess, onError: (error) => form.showFailure(failureOf(error, {})) },
    );

  return (
    <Form onSubmit={form.handleSubmit(send)} error={form.formMessage} isPending={edit.isPending}>
      <FormField
        {...form.register('firstName')}
        label={t('account.firstName')}
        isRequired
        name="firstname"
        autoComplete="given-name"
      />
      <FormField
        {...form.register('lastName')}
        label={t('account.lastName')}
        isRequired
        name="lastname"
        autoComplete="family-name"
      />
      <MandatoryFieldsNote />
      <SubmitButton isPending={edit.isPending} />
    </Form>
  );
}
