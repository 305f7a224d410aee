import { Component, useEffect, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { ErrorPage, type ErrorKind } from '@/features/errors/components/error-page';

/** /error/server-error, /error/forbidden, /error/not-found and every unmatched path (spec 1 §2). */
export function ErrorRoute({ kind }: { kind: ErrorKind }) {
  return <ErrorPage kind={kind} />;
}

/** A page that crashed while rendering: logged, and shown as the server-error page. */
export function CrashRoute({ error }: { error: unknown }) {
  useEffect(() => console.error('[web] page crashed', error), [error]);
  return <ErrorPage kind="server-error" onBack={() => window.location.assign('/')} />;
}

interface CrashBoundaryState {
  error?: { thrown: unknown };
  location: Location;
}

/**
 * The app's pages, the root layout included, or `CrashRoute` once one of them throws while
 * rendering (react-router's `errorElement` did it before decision 132). As there, another location
 * (a link, back, forward) renders the pages again.
 */
export class CrashBoundary extends Component<{ location: Location; children: ReactNode }, CrashBoundaryState> {
  override state: CrashBoundaryState = { location: this.props.location };

  static getDerivedStateFromError(thrown: unknown): Partial<CrashBoundaryState> {
    return { error: { thrown } };
  }

  static getDerivedStateFromProps(
    props: { location: Location },
    state: CrashBoundaryState,
  ): Partial<CrashBoundaryState> | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    return this.state.error ? <CrashRoute error={this.state.error.thrown} /> : this.props.children;
  }
}
