// Where is my truck (issue #33): the trip states, estimates and crossings on the staff screens and the
// driver app, the facility's trip watch settings, and the driver's public reslot page, in English and Hindi.
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const tripsEn = {
  states: {
    on_time: 'On time',
    at_risk: 'At risk',
    late: 'Late by ~{{minutes}} min',
    lateUnknown: 'Late',
    not_seen: 'Not seen',
    arrived: 'Arrived',
  },
  reasons: {
    not_started: 'The watch has not asked FASTag yet',
    no_crossings: 'FASTag shows no toll crossing yet',
    unknown_vehicle: 'FASTag does not know this vehicle number',
    stale: 'No toll crossing since the watch started',
    off_route: 'The last toll crossing is far off any route to this facility',
    unreadable: "FASTag's answer could not be read",
    registry_unavailable: 'FASTag could not be reached',
  },
  estimate: 'ETA {{eta}} ({{low}}-{{high}}), last seen {{plaza}} {{at}}',
  confidence: { high: 'High confidence', medium: 'Medium confidence', low: 'Low confidence' },
  noEntry: 'Held back by the city no-entry hours',
  stateLabel: 'Trip: {{state}}',
  strip: {
    title: 'Trip',
    crossings: 'Toll plazas crossed',
    none: 'No toll crossing yet',
    loading: 'Loading the trip…',
  },
  settings: {
    title: 'Trip watch (where is my truck)',
    description:
      'Follow each booked truck on its FASTag toll crossings, estimate its arrival, alert operations and offer a late driver a new slot.',
    fastagOff: 'Switch on the FASTag check in the gate settings (ULIP) before watching trucks.',
    enabled: 'Watch trucks on FASTag',
    latitude: 'Facility latitude',
    longitude: 'Facility longitude',
    startHoursBefore: 'Start watching (hours before the window)',
    roadFactor: 'Road factor (road km per straight km)',
    graceMinutes: 'Grace (minutes past the window)',
    callEveryMinutes: 'Minutes between FASTag calls per truck',
    noEntryOn: 'The city has no-entry hours for trucks',
    noEntryFrom: 'No-entry from',
    noEntryTo: 'No-entry until',
    reslotNeedsApproval: "A driver's new slot needs staff approval",
    save: 'Save trip watch',
    saving: 'Saving…',
    saved: 'Trip watch saved',
    failed: 'The trip watch could not be saved',
    stale: 'Someone else changed these settings: the form now shows their version.',
    loading: 'Loading the trip watch…',
  },
  reslot: {
    title: 'Running late? Pick a new time',
    booking: '{{facility}} · booking {{reference}}',
    current: 'Your slot now: {{day}}, {{start}}-{{end}}',
    eta: 'We expect you at about {{time}}.',
    choose: 'Tap a time to move your appointment',
    needsApproval: 'The facility confirms the new time before it is final.',
    slot: '{{day}}, {{start}}-{{end}}',
    none: 'No free time is left after your expected arrival. Please call the facility.',
    expires: 'This link works until the end of {{day}}.',
    moving: 'Moving…',
    moved: 'Done. Your new time: {{day}}, {{start}}-{{end}}',
    requested: 'Sent. The facility will confirm {{day}}, {{start}}-{{end}}.',
    loading: 'Loading…',
    failed: 'Something went wrong. Please try again.',
    language: 'हिन्दी',
  },
} as const;

export const tripsText = defineCatalogue('trips', tripsEn, () => import('./i18n.hi').then((m) => m.trips));
