import { fileURLToPath, URL } from 'node:url';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { webTexts } from './src/build/web-texts.plugin.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
// The API server (apps/server) serves /api and /media; `vite` proxies to it in development.
const apiOrigin = process.env.PLAYZ_API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  // The catalogues split into first-screen texts and the rest (decision 122).
  plugins: [react(), webTexts()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Shaka's ES2021 build (712 kB instead of 831): less transpiled code to parse and run before
      // the first frame (decision 033). The web app's own target (Vite's baseline) is newer than
      // ES2021 already; the TV app (Chrome 69) keeps the default build.
      {
        find: /^shaka-player\/dist\/shaka-player\.compiled\.js$/,
        replacement: 'shaka-player/dist/shaka-player.compiled-es2021.js',
      },
    ],
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // .vite/manifest.json: the server names a player page's chunks and Shaka in its HTML (decision 033).
    manifest: true,
    rolldownOptions: {
      // The app, and Playz's Cast receiver page, served at /cast/receiver (decision 070); a film
      // page's first script, which the server names only in a page carrying its opening (decision
      // 127), and the rest of its work, which it imports by the name the page gives it: a chunk
      // that imports nothing before it runs, not even Vite's preload helper (decision 137).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        receiver: fileURLToPath(new URL('./cast-receiver.html', import.meta.url)),
        'first-picture': fileURLToPath(new URL('./src/first-picture.ts', import.meta.url)),
        'first-script': fileURLToPath(new URL('./src/app/first-script.ts', import.meta.url)),
      },
      // first-script's export is what first-picture calls (Vite's default drops an app entry's).
      preserveEntrySignatures: 'exports-only',
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/media': { target: apiOrigin, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiOrigin },
      '/media': { target: apiOrigin },
    },
  },
});
