// Every HTTP Lambda function by name, for the local API emulator and the route-table test.
// CDK bundles functions/<name>/handler.ts for each name in FUNCTION_NAMES; workers are in workers.ts.
import type { FunctionName } from '../shared/routes';
import * as auth from './auth/handler';
import * as platform from './platform/handler';
import * as users from './users/handler';
import * as facilities from './facilities/handler';
import * as carriers from './carriers/handler';
import * as appointments from './appointments/handler';
import * as checkins from './checkins/handler';
import * as yard from './yard/handler';
import * as insights from './insights/handler';
import * as tenancy from './tenancy/handler';
import * as integrations from './integrations/handler';
import * as contact from './contact/handler';
import * as wms from './wms/handler';
import * as messaging from './messaging/handler';
import * as gate from './gate/handler';
import * as trips from './trips/handler';
import * as references from './references/handler';
import * as vitals from './vitals/handler';
import * as privacy from './privacy/handler';
import * as appointmentTypes from './appointment-types/handler';
import * as bookingLinks from './booking-links/handler';
import * as series from './series/handler';
import * as chat from './chat/handler';
import * as detention from './detention/handler';
import * as planner from './planner/handler';
import * as holding from './holding/handler';
import * as carrierIdentity from './carrier-identity/handler';

export const FUNCTIONS = {
  auth,
  platform,
  users,
  facilities,
  carriers,
  appointments,
  checkins,
  yard,
  insights,
  integrations,
  tenancy,
  contact,
  wms,
  messaging,
  gate,
  trips,
  references,
  vitals,
  privacy,
  'appointment-types': appointmentTypes,
  'booking-links': bookingLinks,
  series,
  chat,
  detention,
  planner,
  holding,
  'carrier-identity': carrierIdentity,
} satisfies Record<FunctionName, { handler: unknown; actions: Record<string, unknown> }>;
