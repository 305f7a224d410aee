import type { ReactNode } from 'react';
import { useTvFocusable } from '@/navigation/focusable';

/** A button the remote focuses and OK presses. */
export function TvButton({
  focusKey,
  label,
  icon,
  onSelect,
  onFocus,
  onBlur,
  primary,
  pressed,
}: {
  focusKey: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  onFocus?: (() => void) | undefined;
  onBlur?: (() => void) | undefined;
  primary?: boolean;
  pressed?: boolean;
}) {
  const { ref, focused } = useTvFocusable<HTMLButtonElement>({ focusKey, onSelect, onFocus, onBlur });
  return (
    <button
      ref={ref}
      type="button"
      tabIndex={-1}
      className={`tv-button${primary ? ' tv-button--primary' : ''}`}
      data-focused={focused || undefined}
      aria-pressed={pressed}
      // A mouse or a touch remote (Magic Remote) clicks too.
      onClick={onSelect}
    >
      {icon}
      <span>{label}</span>
    </button>
  );
}
