import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { Customer, Profile } from '@playz/api-contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/toast';
import { useDeleteProfile, useProfilePictures } from '../api/use-profiles';
import { ProfileAvatar } from './profile-avatar';
import { ProfileFormDialog } from './profile-form-dialog';
import { currentProfileOf, useProfileSwitch } from './use-profile-switch';

/** Decision 009: an account holds at most 5 profiles. */
export const MAX_PROFILES = 5;

/**
 * Profiles on /customer/account (spec 1 §3, §7; kids profiles: decision 009): each
 * profile with its picture and name, the current one marked; create, edit, delete and switch.
 * From a kids profile only that profile's name and picture can change, and leaving it asks the
 * parental code.
 */
export function ProfilesManager({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const toast = useToast();
  const pictures = useProfilePictures();
  const deletion = useDeleteProfile();
  const switcher = useProfileSwitch(customer);
  const [editing, setEditing] = useState<Profile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Profile | null>(null);
  const current = currentProfileOf(customer);
  const onKids = current?.isKids === true;
  const firstUuid = customer.profiles[0]?.UUID;

  return (
    <div className="profiles">
      {onKids ? <p className="profiles__notice">{t('profiles.kidsModeNotice')}</p> : null}
      {customer.profiles.length === 0 ? <p className="account-muted">{t('account.noProfiles')}</p> : null}
      <ul className="profiles__list">
        {customer.profiles.map((profile) => {
          const isCurrent = profile.UUID === current?.UUID;
          const canEdit = !onKids || isCurrent;
          const canDelete = !onKids && !isCurrent && profile.UUID !== firstUuid;
          return (
            <li
              key={profile.UUID}
              className={`profile-card${isCurrent ? ' profile-card--current' : ''}`}
              aria-current={isCurrent || undefined}
            >
              <ProfileAvatar profile={profile} pictures={pictures.data} />
              <span className="profile-card__name">{profile.userName}</span>
              <span className="profile-card__badges">
                {profile.isKids ? <span className="badge badge--kids">{t('account.kids')}</span> : null}
                {isCurrent ? <span className="badge badge--current">{t('account.currentProfile')}</span> : null}
              </span>
              <span className="profile-card__actions">
                {!isCurrent ? (
                  <button
                    type="button"
                    className="button button--primary button--small"
                    disabled={switcher.pendingUuid === profile.UUID}
                    aria-label={t('profiles.switchTo', { name: profile.userName })}
                    onClick={() => switcher.switchTo(profile)}
                  >
                    {t('profiles.switch')}
                  </button>
                ) : null}
                {canEdit ? (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={t('profiles.editNamed', { name: profile.userName })}
                    onClick={() => setEditing(profile)}
                  >
                    {t('profiles.edit')}
                  </button>
                ) : null}
                {canDelete ? (
                  <button
                    type="button"
                    className="link-button profile-card__delete"
                    aria-label={t('profiles.deleteNamed', { name: profile.userName })}
                    onClick={() => setDeleting(profile)}
                  >
                    {t('profiles.delete')}
                  </button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      {!onKids && customer.profiles.length < MAX_PROFILES ? (
        <button type="button" className="button button--ghost button--small" onClick={() => setEditing('new')}>
          {t('profiles.add')}
        </button>
      ) : null}
      {!onKids && customer.profiles.length >= MAX_PROFILES ? (
        <p className="account-muted">{t('profiles.maxReached', { count: MAX_PROFILES })}</p>
      ) : null}

      {editing ? (
        <ProfileFormDialog
          profile={editing === 'new' ? null : editing}
          isFirst={editing !== 'new' && editing.UUID === firstUuid}
          canChangeKids={!onKids}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('profiles.deleteTitle')}
          message={t('profiles.deleteMessage', { name: deleting.userName })}
          confirmLabel={t('profiles.delete')}
          isDestructive
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            await deletion.mutateAsync(deleting.UUID);
            toast.show(t('profiles.deleted'), 'success');
            setDeleting(null);
          }}
        />
      ) : null}
      {switcher.dialog}
    </div>
  );
}
