import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { CookieType } from '@playz/api-contract';
import { Dialog } from '@/components/dialog';
import { allIds } from '@playz/queries';
import { CookieTable } from './cookie-table';

interface CookieSettingsDialogProps {
  cookieTypes: CookieType[];
  /** What this device accepted so far (the mandatory types at least). */
  acceptedIds: readonly number[];
  onSave: (acceptedIds: number[]) => void;
  onClose: () => void;
  presentation?: 'overlay' | 'page';
}

/**
 * #/service/cookies/settings (spec 3 §4): the three cookie types; functional is mandatory and
 * locked on, analytics and advertising are the customer's choice. Each lists its cookies.
 */
export function CookieSettingsDialog({
  cookieTypes,
  acceptedIds,
  onSave,
  onClose,
  presentation,
}: CookieSettingsDialogProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [selected, setSelected] = useState<number[]>(() =>
    cookieTypes.filter((type) => type.mandatory || acceptedIds.includes(type.id)).map((type) => type.id),
  );
  const toggle = (id: number, isOn: boolean) =>
    setSelected((current) => (isOn ? [...current, id] : current.filter((value) => value !== id)));

  return (
    <Dialog
      title={t('consent.settingsTitle')}
      onClose={onClose}
      presentation={presentation}
      className="dialog__panel--wide"
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={() => onSave(allIds(cookieTypes))}>
            {t('cookies.acceptAll')}
          </button>
          <button type="button" className="button button--primary" onClick={() => onSave(selected)}>
            {t('consent.save')}
          </button>
        </>
      }
    >
      <p>{t('consent.settingsIntro')}</p>
      <ul className="cookie-types">
        {cookieTypes.map((type, index) => {
          // Focus starts on the first choice there is to make, near the top of a long dialog.
          const isFirstChoice = index === cookieTypes.findIndex((candidate) => !candidate.mandatory);
          const inputId = `${baseId}-${type.id}`;
          return (
            <li key={type.id} className="cookie-type">
              <div className="cookie-type__head">
                <div>
                  <label className="cookie-type__name" htmlFor={inputId}>
                    {type.name}
                  </label>
                  <p className="cookie-type__description" id={`${inputId}-description`}>
                    {type.description}
                  </p>
                </div>
                <span className="switch">
                  {type.mandatory ? <span className="switch__note">{t('consent.alwaysActive')}</span> : null}
                  <input
                    id={inputId}
                    type="checkbox"
                    role="switch"
                    className="switch__input"
                    checked={type.mandatory || selected.includes(type.id)}
                    disabled={type.mandatory}
                    data-autofocus={isFirstChoice ? true : undefined}
                    aria-describedby={`${inputId}-description`}
                    onChange={(event) => toggle(type.id, event.target.checked)}
                  />
                </span>
              </div>
              <details className="cookie-type__cookies">
                <summary>{t('consent.tableCaption', { name: type.name })}</summary>
                <CookieTable cookieType={type} />
              </details>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
