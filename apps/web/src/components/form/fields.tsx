import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { PARENTAL_CODE_LENGTH } from '@playz/domain';
import { FormField, type FormFieldProps } from './form-field';
import type { FieldBinding } from './use-form';

/**
 * The kinds of field the forms ask for more than once, each with the input settings that go with
 * it (keyboard, autofill, spelling); a form still names the field and may override any of them.
 */

/** An e-mail address: the e-mail keyboard, no spelling correction, autofilled as an e-mail. */
export function EmailField(props: FormFieldProps) {
  return <FormField type="email" inputMode="email" autoComplete="email" spellCheck={false} {...props} />;
}

/** A French mobile number (spec 1 §5, spec 3 §5: 06 or 07 then 8 digits), shown by example. */
export function MobileField(props: FormFieldProps) {
  return <FormField type="tel" inputMode="tel" autoComplete="tel-national" placeholder="06 12 34 56 78" {...props} />;
}

/** A 4-digit parental code: hidden as typed, the digit keyboard, never autofilled (decision 003). */
export function ParentalCodeField(props: FormFieldProps) {
  return (
    <FormField
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={PARENTAL_CODE_LENGTH}
      pattern="[0-9]*"
      {...props}
    />
  );
}

/**
 * A new password and its confirmation (register, reset, edit password): both required, offered to
 * the password manager as a new one. `label` and `hint` are the first field's.
 */
export function NewPasswordFields({
  password,
  confirmation,
  label,
  hint,
}: {
  password: FieldBinding;
  confirmation: FieldBinding;
  label?: string;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        {...password}
        label={label ?? t('account.newPassword')}
        hint={hint}
        isRequired
        name="password"
        type="password"
        autoComplete="new-password"
      />
      <FormField
        {...confirmation}
        label={t('account.passwordConfirm')}
        isRequired
        name="password_confirm"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
