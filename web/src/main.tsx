import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Hindi renders with the shipped Noto Sans Devanagari (Devanagari subset, font-display: swap), so
// machines without a Hindi font show text, not boxes. The weights the UI uses: 400, 500, 600, 700.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-500.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
import './index.css';
import { App } from './app/app';
import { languageReady } from './lib/i18n';

// A Hindi visitor's first paint is in Hindi: wait for its catalogue (an English one waits for nothing).
await languageReady.catch(() => undefined);
void import('./lib/web-vitals').then((vitals) => vitals.reportWebVitals());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
