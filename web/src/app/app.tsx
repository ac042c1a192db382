// Providers (query cache, i18n, toasts, router) around the route table.
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import '../lib/i18n';
import { ToastProvider } from '../lib/toast';
import { browserIdle } from '../lib/page-ready';
import { AppRoutes } from './router';

// The service worker's registration waits until the first screen is up: nothing on it needs the worker.
const InstallableApp = lazy(() =>
  browserIdle()
    .then(() => import('./installable-app'))
    .then((module) => ({ default: module.InstallableApp })),
);

/** `queryClient`: made by main.tsx, which starts the first screen's requests before the app renders. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        {/* The service worker is the build's; vite dev runs without one. */}
        {import.meta.env.PROD && (
          <Suspense fallback={null}>
            <InstallableApp />
          </Suspense>
        )}
      </ToastProvider>
    </QueryClientProvider>
  );
}
