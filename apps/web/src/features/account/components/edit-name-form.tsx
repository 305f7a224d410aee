import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateEditNameForm } from '@playz/domain';
import { FormField } from '@/components/form-field';
import { failureOf } from '@/lib/form-failure';
import { useForm } from '@/lib/use-form';
import { useEditCustomer } from '../api/use-account';
import { SubmitButton } from './submit-button';

const ORDER = ['firstName', 'lastName'] as const;

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
  const form = useForm({ firstName: firstName ?? '', lastName: lastName ?? '' }, ORDER);
  const edit = useEditCustomer();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check(validateEditNameForm(form.values))) return;
    edit.mutate(
      { firstname: form.values.firstName.trim(), lastname: form.values.lastName.trim() },
      { onSuccess, onError: (error) => form.showFailure(failureOf(error, {})) },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={edit.isPending || undefined}>
      {form.formError ? (
        <p className="form__error" role="alert">
          {t(form.formError)}
        </p>
      ) : null}
      {ORDER.map((field) => (
        <FormField
          key={field}
          ref={form.refFor(field)}
          label={t(`account.${field}`)}
          isRequired
          name={field === 'firstName' ? 'firstname' : 'lastname'}
          autoComplete={field === 'firstName' ? 'given-name' : 'family-name'}
          value={form.values[field]}
          onChange={(event) => form.setValue(field, event.target.value)}
          error={form.fieldErrors[field] ? t(`validation.${form.fieldErrors[field]}`) : null}
        />
      ))}
      <p className="form__note">{t('login.mandatoryFields')}</p>
      <SubmitButton isPending={edit.isPending} />
    </form>
  );
}
