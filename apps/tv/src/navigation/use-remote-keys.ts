import { useEffect, useRef } from 'react';
import { pushKeyHandler, type KeyHandler } from './remote-keys';

/**
 * A screen's remote keys while it is shown (and `active`); the latest handler is always the one
 * called. A `modal` one is asked before every screen's, even one mounted after it.
 */
export function useRemoteKeys(handler: KeyHandler, active = true, modal = false) {
  const entry = useRef({ current: handler, modal });
  entry.current.current = handler;
  useEffect(() => (active ? pushKeyHandler(entry.current) : undefined), [active]);
}
