import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FocusSection, useTvFocusable } from '@/navigation/focusable';
import { KEYBOARD_ROWS, type KeyboardAction } from './keyboard-layout';

function Key({
  focusKey,
  label,
  action,
  onKey,
  wide,
}: {
  focusKey: string;
  label: string;
  action: KeyboardAction;
  onKey: (action: KeyboardAction) => void;
  wide?: boolean;
}) {
  const onSelect = useCallback(() => onKey(action), [onKey, action]);
  const { ref, focused } = useTvFocusable<HTMLDivElement>({ focusKey, onSelect });
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="button"
      aria-label={label}
      data-focused={focused || undefined}
      className={`osk__key${wide ? ' osk__key--wide' : ''}`}
    >
      {label}
    </div>
  );
}

const ACTIONS = {
  space: { type: 'space' },
  delete: { type: 'delete' },
  clear: { type: 'clear' },
} as const satisfies Record<string, KeyboardAction>;

/** The on-screen keyboard (decision 035): the arrows move over the keys, OK types the focused one. */
export function OnScreenKeyboard({ onKey }: { onKey: (action: KeyboardAction) => void }) {
  const { t } = useTranslation();
  return (
    <FocusSection focusKey="osk" className="osk" label={t('search.label')}>
      {KEYBOARD_ROWS.map((row) => (
        <div className="osk__row" key={row.join('')}>
          {row.map((char) => (
            <Key key={char} focusKey={`osk-${char}`} label={char} action={{ type: 'char', char }} onKey={onKey} />
          ))}
        </div>
      ))}
      <div className="osk__row">
        <Key focusKey="osk-space" label={t('tv.search.space')} action={ACTIONS.space} onKey={onKey} wide />
        <Key focusKey="osk-delete" label={t('tv.search.delete')} action={ACTIONS.delete} onKey={onKey} />
        <Key focusKey="osk-clear" label={t('tv.search.clearAll')} action={ACTIONS.clear} onKey={onKey} />
      </div>
    </FocusSection>
  );
}
