/// <reference types="vite/client" />

/** Injected by vite.config.ts from apps/web/package.json. */
declare const __APP_VERSION__: string;

/** One language's first-screen texts or the rest (src/build/web-texts.plugin.ts, decision 122). */
declare module 'virtual:web-texts/*' {
  const texts: import('./lib/first-screen-texts').TextTree;
  export default texts;
}
