import type { FastifyInstance } from 'fastify';
import { registerSinglePageApp } from '../../plugins/single-page-app';

/** The TV app's address; its Vite build uses the same base (apps/tv/vite.config.ts). */
export const TV_APP_PATH = '/tv';

/**
 * The built TV app (apps/tv, decision 035) at /tv and /tv/*. Unlike the web pages, TV pages are
 * not indexed: they have no <head> of their own (decision 035).
 */
export function registerTvApp(app: FastifyInstance, deps: { tvDistDir: string }) {
  registerSinglePageApp(app, { basePath: TV_APP_PATH, distDir: deps.tvDistDir, buildCommand: 'npm run build:tv' });
}
