// The card of the driver's message settings: its heading and text are shown at once, the form (with
// its schema, the carriers' channel field and the driver's record) is fetched when the card comes near
// the screen. It is the last card of the driver's home, so the form growing into it moves nothing.
import { registerCatalogue } from '../../../lib/i18n';
import { loadLater } from '../../../lib/load-later';
import { useNearView } from '../../../lib/near-view';
import { useSession } from '../../../lib/session';
import { driverAppText } from '../i18n';
import { PreferencesCard } from './preferences-card';

registerCatalogue(driverAppText);

const PreferencesSection = loadLater(async () => (await import('./preferences-form')).PreferencesSection, {
  fallback: <PreferencesCard />,
});

export function MessagePreferences() {
  const { user } = useSession();
  const [ref, near] = useNearView<HTMLDivElement>();
  if (!user?.driverId) return null;
  return <div ref={ref}>{near ? <PreferencesSection /> : <PreferencesCard />}</div>;
}
