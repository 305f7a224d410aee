import { useEffect, useRef } from 'react';
import { pushKeyHandler, type KeyHandler } from './remote-keys';

/** A screen's remote keys while it is shown (and `active`); the latest handler is always the one called. */
export function useRemoteKeys(handler: KeyHandler, active = true) {
  const entry = useRef({ current: handler });
  entry.current.current = handler;
  useEffect(() => (active ? pushKeyHandler(entry.current) : undefined), [active]);
}
