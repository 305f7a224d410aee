/**
 * The console's times are the operator's wall clock (decision 108): the guide and the live events
 * are shown and typed in Paris time, the calls carry UTC instants. One helper for the server and
 * the console, from @playz/domain.
 */
export { OPERATOR_TIME_ZONE, zonedDayBounds, zonedInstant, zonedParts } from '@playz/domain';
