import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { AlertTriangle, Bell, CheckCircle2, Clock, MoveRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { useNotifications } from '../api/insights';
import { relativeTime } from '../../../lib/relative-time';
import { useFormat } from '../../../lib/format';
import { useServerText } from '../../../lib/server-text';

/** The icon from the title's words: checked in/arrived, delay/late, assignment/moved. */
function iconFor(title: string) {
  const t = title.toLowerCase();
  if (/checked in|arrived/.test(t)) return <CheckCircle2 className="h-4 w-4 text-green-600" aria-hidden />;
  if (/delay|late|no-show|issue/.test(t)) return <AlertTriangle className="h-4 w-4 text-amber-600" aria-hidden />;
  if (/assign|moved/.test(t)) return <MoveRight className="h-4 w-4 text-blue-600" aria-hidden />;
  if (/booked/.test(t)) return <Clock className="h-4 w-4 text-slate-500" aria-hidden />;
  return <Bell className="h-4 w-4 text-slate-500" aria-hidden />;
}

export function LiveNotifications() {
  const { t } = useTranslation();
  const format = useFormat();
  // The server's words (English where the catalogue has no Hindi), their dates as the reader reads them.
  const say = useServerText();
  const notifications = useNotifications();
  const [all, setAll] = useState(false);
  const items = notifications.data ?? [];
  return (
    <Card>
      <CardHeader title={t('insights.notifications.title')} />
      <CardBody>
        {notifications.isError ? (
          <p className="text-sm text-red-600">{t('insights.notifications.failed')}</p>
        ) : !items.length ? (
          <p className="text-sm text-slate-500">
            {notifications.isLoading ? t('common.loading') : t('insights.notifications.empty')}
          </p>
        ) : (
          <>
            <ul className="space-y-3" aria-label={t('insights.notifications.listLabel')}>
              {(all ? items : items.slice(0, 5)).map((n) => (
                <li key={n.id} className="flex gap-2 text-sm">
                  {iconFor(n.title)}
                  <div className="min-w-0">
                    <div className="font-medium">{say(n.title)}</div>
                    <div className="truncate text-slate-600">{say(n.message)}</div>
                    <div className="text-xs text-slate-500">{relativeTime(n.sentAt, format.locale)}</div>
                  </div>
                </li>
              ))}
            </ul>
            {items.length > 5 && (
              <Button size="sm" variant="ghost" className="mt-2" onClick={() => setAll((v) => !v)}>
                {all ? t('insights.notifications.showLess') : t('insights.notifications.viewAll')}
              </Button>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}
