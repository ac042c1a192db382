// The bell: the number of notifications since the user last opened it, and the latest five.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Bell } from 'lucide-react';
import { useNotifications } from '../api/insights';
import { relativeTime } from '../../../lib/relative-time';
import { useFormat } from '../../../lib/format';
import { useServerText } from '../../../lib/server-text';
import { keepValue, keptValue } from '../../../lib/device-storage';
import { registerCatalogue } from '../../../lib/i18n';
import { insightsText } from '../i18n';

registerCatalogue(insightsText);

const SEEN_KEY = 'docksaathi.notificationsSeenAt';

export function NotificationBell({ enabled, label }: { enabled: boolean; label: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  // The server's words (English where the catalogue has no Hindi), their dates as the reader reads them.
  const say = useServerText();
  const notifications = useNotifications(enabled);
  const [seenAt, setSeenAt] = useState(() => keptValue(SEEN_KEY) ?? '');
  const [open, setOpen] = useState(false);
  const items = notifications.data ?? [];
  const unread = items.filter((n) => n.sentAt > seenAt).length;
  const toggle = () => {
    setOpen((o) => !o);
    const now = new Date().toISOString();
    keepValue(SEEN_KEY, now); // a device that keeps nothing counts from this page's opening
    setSeenAt(now);
  };
  return (
    <div className="relative">
      <button
        type="button"
        className="relative rounded p-2 text-slate-700 hover:bg-slate-100"
        aria-label={unread ? t('insights.notifications.bellUnread', { label, count: unread }) : label}
        aria-expanded={open}
        onClick={toggle}
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 && (
          <span
            className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-bold text-white"
            data-testid="bell-count"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div className="absolute right-0 z-50 mt-2 w-80 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
          {!items.length ? (
            <p className="p-2 text-sm text-slate-500">{t('insights.notifications.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {items.slice(0, 5).map((n) => (
                <li key={n.id} className="p-2 text-sm">
                  <div className="font-medium">{say(n.title)}</div>
                  <div className="text-slate-600">{say(n.message)}</div>
                  <div className="text-xs text-slate-500">{relativeTime(n.sentAt, format.locale)}</div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
