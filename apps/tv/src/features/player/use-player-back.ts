import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Back from a player: the screen it was opened from, or home when it was opened by a deep link. */
export function usePlayerBack() {
  const navigate = useNavigate();
  return useCallback(() => {
    const state = window.history.state as { idx?: number } | null;
    void ((state?.idx ?? 0) > 0 ? navigate(-1) : navigate('/', { replace: true }));
  }, [navigate]);
}
