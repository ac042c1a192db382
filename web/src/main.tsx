import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Hindi renders with the shipped Noto Sans Devanagari (Devanagari subset, font-display: swap), so
// machines without a Hindi font show text, not boxes. The weights the UI uses: 400, 500, 600, 700.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-500.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
import './index.css';
import { App } from './app/app';
import { preloadScreen } from './app/router';
import { i18n, languageReady } from './lib/i18n';
import { localeOf, warmFormatters } from './lib/format';
import { pageLoaded } from './lib/page-ready';
import { createQueryClient } from './lib/query-client';
import { SESSION_KEY, sessionQueryOptions, signedInHint } from './lib/session';
import type { SessionUser } from '@shared/contracts/auth';

// The first screen's data and code are asked for now, side by side, not one after the other once the
// app has rendered: the session (who is signed in decides what `/` shows) and the screen's chunks.
const queryClient = createQueryClient();
const firstScreen = Promise.all([
  preloadScreen(location.pathname, signedInHint(), queryClient),
  queryClient
    .prefetchQuery(sessionQueryOptions)
    .then(() => preloadScreen(location.pathname, queryClient.getQueryData<SessionUser | null>(SESSION_KEY) ?? null)),
]);
warmFormatters(localeOf(i18n.language));
/**
 * How long the first render waits for the first screen's session, code and data. With them in, React
 * builds the whole screen in one render it slices into short tasks; each part that arrived after it
 * would re-render the screen in one long task (React renders a query's news synchronously), which is
 * what a cheap phone feels and Lighthouse counts as blocking time (issue #34). On a slow network the
 * page does not stay blank longer than this: it renders what it has, with its loading states.
 */
const FIRST_SCREEN_WAIT_MS = 2500;
// The library keeps the browser's buffered entries, so it measures the first screen even loaded after it.
void pageLoaded()
  .then(() => import('./lib/web-vitals'))
  .then((vitals) => vitals.reportWebVitals());
// A Hindi visitor's first paint is in Hindi: wait for its catalogue (an English one waits for nothing).
// A promise, not a top-level await: the bundler merges small shared chunks only in a build without one.
void Promise.all([
  languageReady.catch(() => undefined),
  Promise.race([firstScreen, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]),
]).then(() => {
  // Rendered as a transition: React yields to the browser every few milliseconds while it builds the
  // first screen, instead of one long task that holds the phone's main thread (Lighthouse's total
  // blocking time on the gate and check-in screens went from ~500 ms to ~100-300 ms).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
});
