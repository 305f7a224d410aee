import { SET_TOP_ENVIRONMENTS, type SetTopEnvironment } from '@playz/domain';

/** spec 1 §2 "query pf accepts prod, pprod, qualif, dev, devpp (default prod)". */
export const ORANGE_ENVIRONMENTS = SET_TOP_ENVIRONMENTS;
export type OrangeEnvironment = SetTopEnvironment;

/**
 * The box's environment from the launch query. An unknown value falls back to prod rather than
 * failing: the box launches the app with the URL Orange configured, and a wrong `pf` there must
 * not leave the viewer on a blank screen. The value is kept to be added to every call (spec 3 §7
 * "the operator box adds pf").
 */
export function orangeEnvironmentOf(search: string | undefined): OrangeEnvironment {
  const pf = new URLSearchParams(search ?? '').get('pf');
  return (ORANGE_ENVIRONMENTS as readonly string[]).includes(pf ?? '') ? (pf as OrangeEnvironment) : 'prod';
}
