import { useTranslation } from '@/lib/use-translation';
import type { ProfilePicture } from '@playz/api-contract';

/** The grid of /profile-pictures to choose from; one radio per picture, named by the picture. */
export function PictureChooser({
  pictures,
  value,
  onChange,
}: {
  pictures: ProfilePicture[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="picture-chooser">
      <legend className="field__label">{t('profiles.picture')}</legend>
      <div className="picture-chooser__grid">
        {pictures.map((picture) => (
          <label
            key={picture.ID}
            className={`picture-chooser__item${picture.ID === value ? ' picture-chooser__item--selected' : ''}`}
          >
            <input
              type="radio"
              name="profile-picture"
              className="picture-chooser__input"
              value={picture.ID}
              checked={picture.ID === value}
              onChange={() => onChange(picture.ID)}
              aria-label={picture.Name}
            />
            <img src={picture.urls.thumbnail} alt="" width={64} height={64} loading="lazy" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
