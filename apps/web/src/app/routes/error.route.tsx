import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorPage, type ErrorKind } from '@/features/errors/components/error-page';

/** /error/server-error, /error/forbidden, /error/not-found and every unmatched path (spec 1 §2). */
export function ErrorRoute({ kind }: { kind: ErrorKind }) {
  return <ErrorPage kind={kind} />;
}

/** A page that crashed while rendering: logged, and shown as the server-error page. */
export function CrashRoute() {
  const error = useRouteError();
  useEffect(() => console.error('[web] page crashed', error), [error]);
  return <ErrorPage kind="server-error" onBack={() => window.location.assign('/')} />;
}
