// Texts of the holding queue (issue #58.3): its card on the gate screen and the dashboard, and the
// holding area's settings.
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const holdingEn = {
  title: 'Holding queue',
  defaultName: 'Holding area',
  kinds: { on_site: 'On site', outside: 'Parking area outside' },
  callForwardOn: 'Drivers are called forward ({{minutes}} min to reach the door)',
  callForwardOff: 'Call forward is off: give doors by hand',
  listLabel: 'Trucks in {{area}}',
  empty: 'No trucks are waiting',
  loadFailed: 'Failed to load the holding queue',
  position: 'No. {{position}}',
  called: 'Called',
  noShow: 'No-show',
  waiting: 'Waiting since {{since}} ({{minutes}} min)',
  heldAtGate: 'On hold at the gate',
  missedCalls: 'Missed calls: {{count}}',
  calledTo: 'Called to door {{door}} at {{at}}, to reach it by {{deadline}}',
  settings: 'Holding area settings',
  name: 'Holding area name *',
  kind: 'Location',
  callForward: 'Call drivers forward by SMS or WhatsApp when a door frees',
  callForwardHint:
    'A driver who does not reach the door in time is skipped and the next one called; at the second missed call the driver is marked no-show.',
  saved: 'Holding area saved',
  saveFailed: 'Failed to save the holding area',
  save: 'Save',
} as const;

export const holdingText = defineCatalogue('holding', holdingEn, () => import('./i18n.hi').then((m) => m.holding));
