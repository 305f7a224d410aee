import type { Profile, ProfilePicture } from '@playz/api-contract';

/** A profile's round picture, or its initial when it has none. */
export function ProfileAvatar({
  profile,
  pictures,
  size = 72,
}: {
  profile: Profile;
  pictures: ProfilePicture[] | undefined;
  size?: number;
}) {
  const picture = pictures?.find((candidate) => candidate.ID === profile.profilePictureID);
  const src = profile.thumbnailUrl ?? picture?.urls.thumbnail ?? null;
  const style = { width: size, height: size, fontSize: size * 0.4 };
  return src ? (
    <img className="profile-avatar" src={src} alt="" width={size} height={size} style={style} loading="lazy" />
  ) : (
    <span className="profile-avatar profile-avatar--initial" style={style} aria-hidden="true">
      {profile.userName.slice(0, 1).toUpperCase()}
    </span>
  );
}
