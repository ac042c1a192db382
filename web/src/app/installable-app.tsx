// The installable app (issue #31): registers the service worker of the build (web/vite.config.ts),
// asks the user to reload when a new version is waiting (it never takes over a running page by
// itself) and looks for a new version hourly and whenever the network returns. The manifest of the
// page's language is linked by the language switch (web/src/lib/manifest-link.ts).
/// <reference types="vite-plugin-pwa/react" />
import { useTranslation } from '../lib/i18n/use-translation';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../components/ui/button';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Lets the waiting version take over, then reloads into it. The plugin reloads by itself only when the
 * page was already controlled when it registered; a version found on the very first visit needs this.
 */
function reloadInto(updateServiceWorker: (reloadPage?: boolean) => Promise<void>) {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  void updateServiceWorker(true);
}

export function InstallableApp() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => void registration.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      window.addEventListener('online', check);
    },
  });
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg sm:bottom-4"
    >
      <span>{t('appUpdate.ready')}</span>
      <Button size="sm" onClick={() => reloadInto(updateServiceWorker)}>
        <RefreshCw className="h-4 w-4" aria-hidden /> {t('appUpdate.reload')}
      </Button>
    </div>
  );
}
