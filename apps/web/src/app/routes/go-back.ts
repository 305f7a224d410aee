import type { NavigateFunction } from 'react-router';

/** Back when the app has history, else `fallback`: a page opened directly has nothing behind it. */
export function goBackOr(navigate: NavigateFunction, fallback: string) {
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (index > 0) void navigate(-1);
  else void navigate(fallback, { replace: true });
}
