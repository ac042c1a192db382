// The door plan (issue #58.2): the proposed plan of a facility's day beside today's, as a door-by-time
// board on a desktop and the changes as a list on a phone, applied all or some, with each truck's outcome;
// and the facility's automatic re-planning. In English and Hindi; refusals are the server's own messages.
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const plannerEn = {
  title: 'Door plan',
  subtitle: "The planner's proposed doors and start times for the day, beside today's plan. Accept all or some.",
  facility: 'Facility',
  date: 'Day',
  propose: 'Propose a plan',
  proposing: 'Asking…',
  requestFailed: 'The plan could not be asked for',
  applyFailed: 'The plan could not be applied',
  appliedToast: '{{applied}} applied, {{refused}} refused',
  loading: 'Loading the plan…',
  loadFailed: 'The plan could not be loaded.',
  none: 'No plan has been proposed for this day yet.',
  solving: 'The planner is working out the plan… this page updates by itself.',
  failed: 'The plan failed',
  summary: {
    title: 'Proposed plan',
    made: 'Made at {{time}}',
    changes: 'Trucks moved',
    wait: 'Total truck waiting',
    waitValue: '{{minutes}} min',
    solver: 'Solver',
    gap: 'gap {{gap}} %',
  },
  solverStatus: { optimal: 'optimal', feasible: 'feasible (time limit)', fallback: 'greedy fallback' },
  trigger: {
    late: 'Re-planned automatically: {{truck}} is late (expected at {{time}}).',
    early: 'Re-planned automatically: {{truck}} is early (expected at {{time}}).',
    overrun: 'Re-planned automatically: the unload of {{truck}} overran (due to end at {{time}}).',
    applied: 'Changes to trucks still on their way were applied by themselves; trucks already checked in wait for you.',
  },
  view: { label: 'Plan shown on the board', proposed: 'Proposed plan', current: "Today's plan" },
  board: {
    title: 'Doors by time',
    door: 'Door',
    time: 'Time',
    noDoor: 'No door yet',
    block: '{{truck}}, {{start}} to {{end}}',
    changed: 'moved',
    legendChanged: 'Moved by the plan',
    legendSame: 'Kept as it is',
  },
  changes: {
    title: 'Changes',
    none: 'The plan keeps every truck as it is.',
    choose: 'Choose {{truck}}',
    from: 'Now',
    to: 'Proposed',
    at: '{{door}} at {{time}}',
    noDoor: 'no door',
    wait: 'Waits {{minutes}} min',
    acceptAll: 'Accept all',
    applySelected: 'Apply selected ({{count}})',
    applying: 'Applying…',
    results: 'Result of applying',
    applied: 'Applied',
    refused: 'Refused',
    notApplied: 'Not applied yet',
  },
  states: { expected: 'On its way', holding: 'In holding', atDoor: 'At its door' },
  settings: {
    title: 'Automatic re-planning',
    description:
      'When a truck becomes late or early by its ETA (15 minutes or more), or an unload overruns, the planner re-plans the day by itself and applies the changes to trucks still on their way. Trucks already checked in have been called: their changes wait for staff.',
    toggle: 'Re-plan this facility automatically',
    on: 'On',
    off: 'Off',
    turnedOn: 'Automatic re-planning is on',
    turnedOff: 'Automatic re-planning is off',
    failed: 'The planner settings could not be saved',
  },
} as const;

export const plannerText = defineCatalogue('planner', plannerEn, () => import('./i18n.hi').then((m) => m.planner));
