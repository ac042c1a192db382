// Providers (query cache, i18n, toasts, router) around the route table.
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import '../lib/i18n';
import { ToastProvider } from '../lib/toast';
import { AppRoutes } from './router';
import { InstallableApp } from './installable-app';

/** `queryClient`: made by main.tsx, which starts the first screen's requests before the app renders. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        {/* The service worker is the build's; vite dev runs without one. */}
        {import.meta.env.PROD && <InstallableApp />}
      </ToastProvider>
    </QueryClientProvider>
  );
}
