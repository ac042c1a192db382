// The driver app's "My data" (issue #36): what the facility holds about the driver, its download as
// JSON or a readable page, the correction of name and licence (a refusal shows under its field and
// keeps what was typed), and the request to erase it with its due date and, when held, why.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { registerCatalogue } from '../../../lib/i18n';
import { loadLater } from '../../../lib/load-later';
import { useSession } from '../../../lib/session';
import { useMyData } from '../api/privacy';
import { privacyText } from '../i18n';

registerCatalogue(privacyText);

// What is shown once asked for (with the correction form) is fetched then: the closed card is static.
const MyDataView = loadLater(async () => (await import('./my-data-view')).MyDataView, { fallback: null });

export function MyDataCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const data = useMyData(open);
  if (!user?.driverId) return null;
  return (
    <Card>
      <CardBody>
        <section aria-labelledby="my-data" className="space-y-3" data-testid="my-data">
          <h2 id="my-data" className="font-semibold">
            {t('privacy.myData.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('privacy.myData.intro')}</p>
          {!open ? (
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => {
                void MyDataView.preload();
                setOpen(true);
              }}
            >
              {t('privacy.myData.show')}
            </Button>
          ) : data.data ? (
            <MyDataView data={data.data} />
          ) : (
            <p className="text-sm text-slate-600">{t('common.loading')}</p>
          )}
        </section>
      </CardBody>
    </Card>
  );
}
