import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { FILE_PATH } from '../shared/navigation.ts';

/** Runs a script of scripts/ with tsx; it prints the files it made, as JSON { file name: content }. */
function scriptFiles(name: string, options: { tsconfig?: string; input?: string } = {}): Record<string, string> {
  const path = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url));
  const args = [...(options.tsconfig ? ['--tsconfig', path(options.tsconfig)] : []), path(`scripts/${name}`)];
  return JSON.parse(
    execFileSync(path('node_modules/.bin/tsx'), args, {
      input: options.input,
      encoding: 'utf8',
      maxBuffer: 32 * 1024 * 1024,
    }),
  ) as Record<string, string>;
}

/** openapi.json, sitemap.xml and robots.txt of the public site, generated on each build (scripts/public-site.ts). */
function publicSiteFiles(): Plugin {
  return {
    name: 'public-site-files',
    apply: 'build',
    generateBundle() {
      for (const [fileName, source] of Object.entries(scriptFiles('public-site.ts')))
        this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

/**
 * landing.html, the landing page as a static document for a signed-out visitor's `/`, and its script
 * (scripts/landing-page.ts, issue #34): made from the built index.html, after the app's own files.
 */
function staticLanding(): Plugin {
  return {
    name: 'static-landing',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('static-landing: the build has no index.html');
      // With the SPA's tsconfig: the script renders the app's own components (their `@shared` paths).
      const files = scriptFiles('landing-page.ts', { tsconfig: 'tsconfig.web.json', input: String(index.source) });
      for (const [fileName, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

/**
 * .vite/chunk-modules.json: the chunk file of each source module (relative to web/). The bundler merges
 * small shared chunks, so a module may have no manifest entry of its own; scripts/size-budget.ts finds
 * a route's modules through this map.
 */
function chunkModules(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunkOf: Record<string, string> = {};
      for (const output of Object.values(bundle))
        if (output.type === 'chunk')
          for (const id of output.moduleIds) if (id.startsWith(root)) chunkOf[id.slice(root.length)] = output.fileName;
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(chunkOf, null, 1) });
    },
  };
}

/**
 * The installable app's manifest (issue #31), in English; `manifest-hi.webmanifest` is the same in
 * Hindi, and the page links the one of its language (web/src/app/pwa.ts).
 */
const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'DockSaathi — dock, yard and warehouse management',
  short_name: 'DockSaathi',
  description: 'Dock appointments, the gate, the yard and the driver app for logistics hubs in India.',
  lang: 'en',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#1d4ed8',
  background_color: '#f8fafc',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
const hindiManifest = {
  ...manifest,
  name: 'डॉकसाथी — डॉक, यार्ड और वेयरहाउस प्रबंधन',
  short_name: 'डॉकसाथी',
  description: 'भारत के लॉजिस्टिक्स हब के लिए डॉक अपॉइंटमेंट, गेट, यार्ड और ड्राइवर ऐप।',
  lang: 'hi',
};

/** The Hindi manifest beside the plugin's English one. */
function hindiManifestFile(): Plugin {
  return {
    name: 'hindi-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest-hi.webmanifest', source: JSON.stringify(hindiManifest) });
    },
  };
}

// The SPA; `npm run dev:web` proxies /api to a running local stack (npm start) on API_PORT.
export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    tailwindcss(),
    publicSiteFiles(),
    chunkModules(),
    hindiManifestFile(),
    staticLanding(),
    // The service worker precaches the whole built app (every screen's chunk, the Hindi font), so after
    // one online visit every screen opens offline; it caches no /api answer (what is kept offline is kept
    // on purpose, in IndexedDB: web/src/lib/offline-store.ts). A new version waits for the user's "reload"
    // (web/src/app/update-prompt.tsx), never replacing the running app behind their back. Off in vite dev.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      includeManifestIcons: false,
      devOptions: { enabled: false },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}', 'manifest-hi.webmanifest'],
        navigateFallback: '/index.html',
        // Not for the API, nor for files (/openapi.json, /sitemap.xml): only the app's own routes.
        navigateFallbackDenylist: [/^\/api\//, FILE_PATH],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        // Background Sync of the offline outboxes: the worker wakes the app's pages to send them (issue #31).
        importScripts: ['sw-background-sync.js'],
      },
    }),
  ],
  // `@shared/...` is the repository's shared/ folder (the same alias as tsconfig.json "paths").
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  // WEB_DIST lets two builds (e.g. parallel test runs) write to different folders.
  build: {
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: each source module's chunk and what it imports, which scripts/size-budget.ts
    // reads to sum what each route loads.
    manifest: true,
    // The libraries every page needs (React, the router, React Query) in one chunk: one
    // request, cached across deploys of the app's own code, and better compressed than six small files.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|use-sync-external-store)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
});
