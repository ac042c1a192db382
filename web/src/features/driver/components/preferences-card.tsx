// The card of the driver's message settings, around the form or, while the form's code is fetched,
// alone with its heading and text.
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Card, CardBody } from '../../../components/ui/card';

export function PreferencesCard({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardBody>
        <section aria-labelledby="message-preferences" className="space-y-3">
          <h2 id="message-preferences" className="font-semibold">
            {t('driverApp.preferences.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('driverApp.preferences.intro')}</p>
          {children}
        </section>
      </CardBody>
    </Card>
  );
}
