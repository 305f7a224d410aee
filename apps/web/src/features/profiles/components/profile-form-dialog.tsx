import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import type { Profile } from '@playz/api-contract';
import { ApiErrorNumber } from '@playz/domain';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form/form';
import { CheckboxField, FormField } from '@/components/form/form-field';
import { DialogFormActions } from '@/components/form/submit-button';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { useEditProfile, useProfilePictures } from '../api/use-profiles';
import { PictureChooser } from './picture-chooser';

/** Same rule as the server's (2 to 30 letters, digits, spaces, . _ -), so most mistakes show at once. */
const USERNAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{1,29}$/u;

/** The answers the form explains next to the field; anything else is the generic message. */
function errorKeyOf(
  error: unknown,
): 'profiles.nameInvalid' | 'profiles.nameTaken' | 'profiles.notAllowed' | 'errors.generic' {
  if (isApiError(error, ApiErrorNumber.UsernameInvalid)) return 'profiles.nameInvalid';
  if (isApiError(error, ApiErrorNumber.UsernameAlreadyExists)) return 'profiles.nameTaken';
  if (isApiError(error, ApiErrorNumber.Forbidden)) return 'profiles.notAllowed';
  return 'errors.generic';
}

/**
 * Create (no profile) or edit a profile: name, picture and the kids switch. The first profile
 * cannot be a kids one, and from a kids profile the switch is not offered (decision 009).
 */
export function ProfileFormDialog({
  profile,
  isFirst,
  canChangeKids,
  onClose,
}: {
  profile: Profile | null;
  isFirst: boolean;
  canChangeKids: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const formId = useId();
  const pictures = useProfilePictures();
  const edit = useEditProfile();
  const [name, setName] = useState(profile?.userName ?? '');
  const [chosenPictureId, setPictureId] = useState<number | null>(profile?.profilePictureID ?? null);
  // A new profile starts with the first picture, so it never shows a bare initial by accident.
  const pictureId = chosenPictureId ?? (profile ? null : (pictures.data?.[0]?.ID ?? null));
  const [isKids, setKids] = useState(profile?.isKids ?? false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!USERNAME.test(trimmed)) {
      setNameError(t(trimmed ? 'profiles.nameInvalid' : 'validation.required'));
      return;
    }
    setNameError(null);
    setFormError(null);
    edit.mutate(
      {
        ...(profile ? { customer_profile_uuid: profile.UUID } : {}),
        username: trimmed,
        ...(pictureId !== null ? { profile_picture_id: String(pictureId) } : {}),
        ...(canChangeKids && !isFirst ? { is_kids: isKids ? '1' : '0' } : {}),
      },
      {
        onSuccess: () => {
          toast.show(t(profile ? 'profiles.saved' : 'profiles.created'), 'success');
          onClose();
        },
        onError: (error) => {
          const key = errorKeyOf(error);
          if (key === 'profiles.nameInvalid' || key === 'profiles.nameTaken') setNameError(t(key));
          else setFormError(t(key));
        },
      },
    );
  };

  return (
    <Dialog
      title={t(profile ? 'profiles.editTitle' : 'profiles.createTitle')}
      onClose={onClose}
      className="dialog__panel--form profile-form"
      actions={
        <DialogFormActions
          formId={formId}
          onCancel={onClose}
          isPending={edit.isPending}
          submitLabel={t(profile ? 'common.save' : 'profiles.create')}
        />
      }
    >
      <Form id={formId} onSubmit={submit} error={formError} isPending={edit.isPending}>
        <FormField
          label={t('profiles.name')}
          isRequired
          maxLength={30}
          autoComplete="off"
          data-autofocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
        />
        {pictures.isPending ? <Spinner size={24} label={t('common.loading')} /> : null}
        {pictures.isError ? <p className="form__error">{t('errors.generic')}</p> : null}
        {pictures.data && pictures.data.length > 0 ? (
          <PictureChooser pictures={pictures.data} value={pictureId} onChange={setPictureId} />
        ) : null}
        {canChangeKids ? (
          <CheckboxField
            isSwitch
            className="profile-form__kids"
            checked={isKids}
            disabled={isFirst}
            onChange={(event) => setKids(event.target.checked)}
            label={t('profiles.kids')}
            hint={t(isFirst ? 'profiles.kidsFirstHint' : 'profiles.kidsHint')}
          />
        ) : null}
      </Form>
    </Dialog>
  );
}
