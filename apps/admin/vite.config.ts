import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (apps/server) serves /api/admin and this build at /admin; `vite` proxies in development.
const apiOrigin = process.env.PLAYZ_API_ORIGIN ?? 'http://localhost:3000';

/** The operator's console, served at /admin (decision 080). */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5175,
    proxy: { '/api': { target: apiOrigin, changeOrigin: false } },
  },
});
