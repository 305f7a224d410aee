import { useEffect, type ReactNode } from 'react';
import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { rememberFocus } from './focus-memory';
import { setSelectAction } from './remote-keys';

export interface TvFocusableOptions {
  /** Stable across renders and visits (e.g. `home-2-content-12`), so the focus can come back to it. */
  focusKey: string;
  onSelect?: (() => void) | undefined;
  onFocus?: (() => void) | undefined;
  onBlur?: (() => void) | undefined;
  /** How the focused element comes into view; by default the nearest scroll that shows it. */
  reveal?: ((element: HTMLElement) => void) | undefined;
}

const revealNearest = (element: HTMLElement) =>
  element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });

/**
 * One item the remote can focus and select. Its focus is remembered for the page, and the
 * focused element scrolls into view (a row slides, the page scrolls to the row).
 */
export function useTvFocusable<E extends HTMLElement>({
  focusKey,
  onSelect,
  onFocus,
  onBlur,
  reveal = revealNearest,
}: TvFocusableOptions) {
  const focusable = useFocusable<object, E>({
    focusKey,
    onBlur: () => onBlur?.(),
    onFocus: () => {
      rememberFocus(focusKey);
      if (focusable.ref.current) reveal(focusable.ref.current);
      onFocus?.();
    },
  });
  useEffect(() => {
    setSelectAction(focusKey, onSelect ?? null);
    return () => setSelectAction(focusKey, null);
  }, [focusKey, onSelect]);
  return focusable;
}

/**
 * A group of focusables (a row, a menu, a keyboard): the focus enters it on the child it last
 * left (norigin's saveLastFocusedChild), and the arrows leave it only where `boundary` allows.
 */
export function FocusSection({
  focusKey,
  className,
  children,
  boundary,
  label,
}: {
  focusKey: string;
  className?: string;
  children: ReactNode;
  boundary?: boolean;
  label?: string;
}) {
  const {
    ref,
    focusKey: key,
    hasFocusedChild,
  } = useFocusable<object, HTMLDivElement>({
    focusKey,
    saveLastFocusedChild: true,
    trackChildren: true,
    isFocusBoundary: boundary ?? false,
  });
  return (
    <FocusContext.Provider value={key}>
      <div
        ref={ref}
        className={className}
        data-focus-within={hasFocusedChild || undefined}
        role={label ? 'region' : undefined}
        aria-label={label}
      >
        {children}
      </div>
    </FocusContext.Provider>
  );
}
