import { useTranslation } from '@/lib/use-translation';
import { FormField, type FormFieldProps } from '@/components/form/form-field';

/**
 * The current password a new login or password needs (decision 032, ASVS V6): whoever holds an open
 * session must still prove they are the owner before taking the account over. The server answers
 * 14 when it is wrong (after checking the new values, which the form has checked already).
 */
export function CurrentPasswordField(field: Omit<FormFieldProps, 'label'>) {
  const { t } = useTranslation();
  return (
    <FormField
      {...field}
      label={t('account.currentPassword')}
      hint={t('account.currentPasswordHint')}
      isRequired
      name="current_password"
      type="password"
      autoComplete="current-password"
    />
  );
}

/** The client-side rule: it must be typed (spec 1 §5 'Veuillez saisir votre mot de passe'). */
export const currentPasswordError = (value: string) => (value === '' ? ('passwordEmpty' as const) : null);
