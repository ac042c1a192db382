// The card of the driver's message settings: the driver's current choice (language, channels in
// order) and a button that opens the form. The form (its schema, the channel order field) is fetched
// when asked for, or when the pointer or focus reaches the button: the driver's home does not carry it.
import { useState } from 'react';
import { registerCatalogue } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { loadLater } from '../../../lib/load-later';
import { useSession } from '../../../lib/session';
import { driverChannels, driverLanguage } from '@shared/contracts/driver-reach';
import { Button } from '../../../components/ui/button';
import { useDrivers } from '../../carriers';
import { driverAppText } from '../i18n';
import { PreferencesCard } from './preferences-card';

registerCatalogue(driverAppText);

const PreferencesSection = loadLater(async () => (await import('./preferences-form')).PreferencesSection, {
  fallback: <PreferencesCard />,
});

export function MessagePreferences() {
  const { t } = useTranslation();
  const { user } = useSession();
  // A driver sees only their own record in their carrier's list (functions/carriers/handler.ts).
  const drivers = useDrivers(user?.carrierId ?? null);
  const own = drivers.data?.find((d) => d.id === user?.driverId);
  const [editing, setEditing] = useState(false);
  if (!user?.driverId) return null;
  if (editing) return <PreferencesSection />;
  return (
    <PreferencesCard>
      {own && (
        <>
          <p className="text-sm" data-testid="message-preferences-now">
            {t('driverApp.preferences.current', {
              language: t(`driverApp.preferences.languages.${driverLanguage(own)}`),
              channels: driverChannels(own)
                .map((channel) => t(`driverApp.preferences.channels.${channel}`))
                .join(', '),
            })}
          </p>
          <Button
            variant="secondary"
            className="w-full"
            onPointerEnter={PreferencesSection.preload}
            onFocus={PreferencesSection.preload}
            onClick={() => setEditing(true)}
          >
            {t('driverApp.preferences.change')}
          </Button>
        </>
      )}
    </PreferencesCard>
  );
}
