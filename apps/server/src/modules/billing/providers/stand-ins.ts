/**
 * The one door to the stand-ins' code (decision 047): a dynamic import, taken only where a
 * provider runs on its stand-in, which only the demo mode allows (config.ts). A production start
 * never loads @playz/provider-sandbox, and a production install need not have it.
 */
export const loadStandIns = () => import('@playz/provider-sandbox');
