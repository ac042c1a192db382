import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The SPA; `npm run dev:web` proxies /api to a running local stack (npm start) on API_PORT.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  // `@shared/...` is the repository's shared/ folder (the same alias as tsconfig.json "paths").
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  // WEB_DIST lets two builds (e.g. parallel test runs) write to different folders.
  build: { outDir: process.env.WEB_DIST ?? 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
});
