import { useTranslation } from '@/lib/use-translation';
import type { Customer } from '@playz/api-contract';
import { useProfilePictures } from '../api/use-account';

/** Profiles with their pictures and the kids flag (spec 1 §3; kids profiles: decision 009). */
export function ProfilesSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const pictures = useProfilePictures();
  if (customer.profiles.length === 0) return <p className="account-muted">{t('account.noProfiles')}</p>;
  return (
    <ul className="profile-list">
      {customer.profiles.map((profile, index) => {
        const picture = pictures.data?.find((candidate) => candidate.ID === profile.profilePictureID);
        const src = profile.thumbnailUrl ?? picture?.urls.thumbnail ?? null;
        return (
          <li
            key={profile.UUID}
            className={`profile${index === customer.currentProfileIndex ? ' profile--current' : ''}`}
          >
            {src ? (
              <img className="profile__picture" src={src} alt="" width={72} height={72} loading="lazy" />
            ) : (
              <span className="profile__picture profile__picture--initial" aria-hidden="true">
                {profile.userName.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="profile__name">{profile.userName}</span>
            <span className="profile__badges">
              {profile.isKids ? <span className="badge badge--kids">{t('account.kids')}</span> : null}
              {index === customer.currentProfileIndex ? (
                <span className="badge">{t('account.currentProfile')}</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
