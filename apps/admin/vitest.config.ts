import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    root: fileURLToPath(new URL('.', import.meta.url)),
    test: {
      name: 'admin',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      restoreMocks: true,
      // As the web's: a loaded 2-core CI machine renders a lazily loaded page in seconds; the longer
      // page tests (jobs, customers, passkeys) went past the 5 s default there.
      testTimeout: 15_000,
    },
  }),
);
