// The static landing page's script (issue #34). landing.html is the landing page rendered at build from
// the app's own components (scripts/landing-page.ts), served to a signed-out English reader's `/`: it
// shows at once, with no app code. The app's code (index.html's scripts, kept inert in <template id="app-code">)
// starts in this same document when it is needed, and renders the app in place of the static markup:
// - at once for a visitor who came for Quick Slot Booking (/#quick-slot-booking), or whom the CDN
//   could not tell reads Hindi or is signed in (the markup is English and signed out);
// - when the visitor presses Quick Slot Booking or the language switch: the app opens the dialog, or
//   shows the page in Hindi. Its code is fetched as soon as the visitor points at, focuses or touches one.
// Links are plain links: each loads its page. Bundled on its own (esbuild), so it imports leaf modules only.
import { signedInHint } from '../../lib/signed-in-hint';
import { mirrorLanguageInCookie, rememberLanguage, storedLanguage } from '../../lib/i18n/stored-language';
import { browserIdle, pageLoaded } from '../../lib/page-ready';
import { CURRENT_YEAR_ATTRIBUTE, STATIC_ACTION_ATTRIBUTE, STATIC_ACTIONS } from '../../lib/static-actions';
import { APP_CODE_ID, QUICK_SLOT_BOOKING_HASH, STATIC_MARKUP_ATTRIBUTE } from './static-page';

const added = new Set<string>();

/** Adds the app's preloads (`preloadsOnly`) or all of its code to the document, each element once. */
function addAppCode(preloadsOnly: boolean) {
  const template = document.getElementById(APP_CODE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  for (const element of template.content.children) {
    const isScript = element.localName === 'script';
    const key = element.outerHTML;
    if ((preloadsOnly && isScript) || added.has(key)) continue;
    added.add(key);
    // A new element, not the template's: only a script made by this document runs.
    const copy = document.createElement(element.localName);
    for (const { name, value } of element.attributes) copy.setAttribute(name, value);
    document.head.append(copy);
  }
}

function startApp(control?: Element) {
  control?.setAttribute('aria-busy', 'true');
  addAppCode(false);
}

function control(action: string) {
  return document.querySelector(`[${STATIC_ACTION_ATTRIBUTE}="${action}"]`);
}

// The markup was rendered when the site was built: the footer's year is this year's.
for (const year of document.querySelectorAll(`[${CURRENT_YEAR_ATTRIBUTE}]`))
  year.textContent = String(new Date().getFullYear());

// The CDN serves this page only to a signed-out English reader (servesLanding); one it could not tell
// (a choice remembered before its cookie) gets the app here, the static markup hidden until it renders.
if (signedInHint() || storedLanguage() !== 'en') {
  mirrorLanguageInCookie();
  document.querySelector(`[${STATIC_MARKUP_ATTRIBUTE}]`)?.setAttribute('hidden', '');
  startApp();
} else if (location.hash === QUICK_SLOT_BOOKING_HASH) startApp(control(STATIC_ACTIONS.booking) ?? undefined);

for (const action of Object.values(STATIC_ACTIONS)) {
  const button = control(action);
  if (!button) continue;
  for (const intent of ['pointerenter', 'focus', 'touchstart'])
    button.addEventListener(intent, () => addAppCode(true), { once: true, passive: true });
  button.addEventListener('click', () => {
    if (action === STATIC_ACTIONS.booking) history.replaceState(history.state, '', QUICK_SLOT_BOOKING_HASH);
    else rememberLanguage('hi');
    startApp(button);
  });
}

// As the app does (app/app.tsx), the page installs the build's service worker (vite-plugin-pwa's sw.js)
// once it has loaded and the browser is idle: the app is installable from here, and after one visit
// every screen opens offline (issue #31), `/` included (the worker answers it with the app).
void browserIdle()
  .then(() => navigator.serviceWorker?.register('/sw.js', { scope: '/' }))
  .catch(() => undefined);

// The page's field figures (LCP, INP, CLS), as the app reports its screens'.
void pageLoaded()
  .then(() => import('../../lib/web-vitals'))
  .then((vitals) => vitals.reportWebVitals());
