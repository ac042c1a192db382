import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** openapi.json, sitemap.xml and robots.txt of the public site, generated on each build (scripts/public-site.ts). */
function publicSiteFiles(): Plugin {
  return {
    name: 'public-site-files',
    apply: 'build',
    generateBundle() {
      const script = fileURLToPath(new URL('../scripts/public-site.ts', import.meta.url));
      const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
      const files = JSON.parse(
        execFileSync(tsx, [script], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 }),
      ) as Record<string, string>;
      for (const [fileName, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

// The SPA; `npm run dev:web` proxies /api to a running local stack (npm start) on API_PORT.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), publicSiteFiles()],
  // `@shared/...` is the repository's shared/ folder (the same alias as tsconfig.json "paths").
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  // WEB_DIST lets two builds (e.g. parallel test runs) write to different folders.
  build: {
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The libraries every page needs (React, the router, React Query, i18next) in one chunk: one
    // request, cached across deploys of the app's own code, and better compressed than six small files.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
});
