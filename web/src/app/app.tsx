// Providers (query cache, i18n, toasts, router) around the route table.
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider } from '../lib/toast';
import { AppRoutes } from './router';
import { InstallableApp } from './installable-app';

export function App() {
  const [queryClient] = useState(createQueryClient);
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
