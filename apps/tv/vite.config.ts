import { fileURLToPath, URL } from 'node:url';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
// The API server (apps/server) serves /api, /media and this build at /tv; `vite` proxies in development.
const apiOrigin = process.env.PLAYZ_API_ORIGIN ?? 'http://localhost:3000';

/**
 * The TV app, served at /tv (decision 035). `npm run build:tv` runs this plain build; the store
 * packages (Tizen .wgt, Android TV / Fire TV bundle) are made from its `dist` folder afterwards.
 */
export default defineConfig({
  base: '/tv/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Set-top browsers are older Chromium builds (Tizen 5+: Chromium 69+); keep the syntax they read.
    target: ['chrome69', 'es2019'],
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/media': { target: apiOrigin, changeOrigin: false },
    },
  },
});
