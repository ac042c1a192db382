// Issue #28.4: who may call what, written by hand from the product's rules (../shared/spec/ 1 §6,
// docs/decisions.md "Roles, permissions and flags", "Appointments", "Operations", #14.1, #16, #18, #21)
// and NOT computed from shared/roles.ts or shared/access.ts, which are what is under test. Every
// route of the table is called, through the real local HTTP path, anonymously and as one account of
// each of the 15 roles plus an account whose registration is still pending (16 columns), on records of
// the caller's own tenant (for appointments: of the caller's own carrier), of another carrier of the
// same tenant, and of another tenant. The accounts are registrations approved through HTTP with the
// role the approver picked (#28.5), so none of them asked for the role it holds.
//
// Cells:  y  allowed on any record of the tenant
//         n  403 (the role lacks the permission; checked before the record is read)
//         o  own records only; another carrier's is not found (404), as if it did not exist
//         s  sees every record of the tenant, changes only its own: another carrier's is 403
//         f  own carrier only, named in the body: another carrier is 403 (there is no record to hide)
// Rules every cell shares: no session -> 401; another tenant's record -> 404 for every role that may
// call the route (403 for one that may not). An allowed write whose act is written in
// test/support/authz-effects.ts (issue #52.12) proves the action: the caller acts on a record of its
// own, made before the walk, with a body that passes validation; it must be answered 2xx and the change
// is read back through the API. Every write route has its act; a caller holding no record of the kind
// the route acts on (the admin has no driver record of its own) is answered the one refusal its act
// names. Any other allowed call (reads, and writes on another carrier's or tenant's record) must get
// past authorisation: 2xx, or 400/409 from the body or the record's state (never 401/403/404, never
// 5xx). Records the callers refuse to change are settled (cancelled appointments, a departed check-in),
// so a change is answered 409 after the ownership check and nothing is used up. Records named in the
// body (drivers, carriers, appointments, gate passes, tenants) get their own cases before the walk.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type HttpResponse, type TestApi } from '../support/api';
import { nextAddress, signUpOrganisation, type Organisation } from '../support/tenancy';
import { startFakeTms, FAKE_CREDENTIALS, type FakeTms } from '../support/fake-tms';
import { indiaDate } from '../support/dates';
import { APPLICANT_PASSWORD as PASSWORD, pendingRegistration } from '../support/users';
import { createYardSpot } from '../../functions/yard';
import { makeYardTask } from '../support/yard-tasks';
import { putErasureRequest } from '../../functions/privacy/privacy.store';
import { finishExport, startExport } from '../../functions/privacy/export.store';
import { newMembershipPut } from '../../functions/tenancy/membership.store';
import { getTenant } from '../../functions/tenancy';
import { transact } from '../../functions/lib/dynamo';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { FAKE_ULIP_FIXTURES, startFakeUlip } from '../../functions/local/fake-ulip';
import { fakeUlipGateSettings } from '../support/fake-ulip-settings';
import { TEST_DLT } from '../support/fake-sms-provider';
import { ROUTES, routeKey, type ApiRoute } from '../../shared/routes';
import { answerDispute, closeStatement, disputeLine } from '../../functions/detention/disputes';
import type { SessionUser } from '../../shared/contracts/auth';
import {
  ACTS,
  monthsAgo,
  pastTruck,
  usePendingErasures,
  useHeldCheckins,
  useYardSpots,
  usePendingRegistrations,
  type ActContext,
  type Prepared,
} from '../support/authz-effects';
import { addDays, localDateTime } from '../../shared/time';
import { zoneAtTenNow } from '../support/checkin-hub';
import { IDENTITY_CELLS, matrixIdentity, type IdentityCell } from '../support/authz-carrier-identity';
import { acceptInvitation, inviteCarrier } from '../../functions/carrier-identity/links';
import { carrierSignedIn } from '../support/carrier-sign-in';

const COLUMNS = [
  'admin',
  'operations',
  'operations_manager',
  'yard_manager',
  'warehouse_manager',
  'security_officer',
  'spectator',
  'tenant_admin',
  'tenant_operator',
  'vendor_supplier',
  'logistics_coordinator',
  'driver',
  'truck_owner',
  'transporter_company',
  'freight_forwarder',
  'pending',
] as const;
type Column = (typeof COLUMNS)[number];
type Cell = 'y' | 'n' | 'o' | 's' | 'f';

// One row per route; `public` rows need no session; a `signed` one authenticates the calling system by
// its webhook signature instead (no signature: 401, session or not).
// Staff: admin does everything; operations = operations_manager (facilities, carriers, WMS,
// configuration, messaging, no user/integration administration); the yard manager runs the yard,
// the check-ins, the bookings and reschedule decisions and lets gate holds through, but does not
// edit facilities, carriers or the warehouse; the warehouse manager reads the dashboard's panels and
// runs the warehouse; the security officer works the gate (dashboard, appointments, check-ins,
// yard, no facilities or reports); the spectator reads everything staff read, the warehouse too,
// and changes nothing. Carrier-side accounts (tenant_operator, vendor_supplier,
// logistics_coordinator, truck_owner, transporter_company, freight_forwarder) book and ask for
// reschedules for their own carrier; the tenant admin also reads every appointment of the tenant;
// the driver books for themself, checks in and has the driver app. A pending account has a session
// and no permission. A carrier's monthly detention statements (#57.3) are issued, answered and closed by
// the staff who change carriers; read by staff who read every appointment and by a carrier's office
// (its own carrier's only; a driver reads none: 403); a line is disputed by a carrier's office, or by
// staff who book for every carrier on its behalf (the tenant admin, linked to a carrier, sees every
// statement and disputes its own carrier's; a driver disputes none: 403).
const MATRIX = `
                                                         adm ops opm yrd whm sec spc tad top ven lgc drv trk trn ffw pnd
GET    /api/health                                       public
POST   /api/auth/login                                   public
POST   /api/auth/logout                                  public
POST   /api/auth/mobile-code                             public
POST   /api/auth/mobile-code/verify                      public
GET    /api/auth/user                                    y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   y
POST   /api/auth/switch-tenant                           y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   y
POST   /api/auth/register/uploads                        public
POST   /api/auth/register                                public
POST   /api/auth/verify-email                            public
GET    /api/auth/users                                   y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/admin/pending-registrations                  y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/vitals                                       public
GET    /api/vitals                                       y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/admin/approve-user/{userId}                  y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/admin/reject-user/{userId}                   y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/admin/users/{userId}/documents/{documentType} y  n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
PATCH  /api/auth/user/language                           y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   y
GET    /api/facilities                                   y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
POST   /api/facilities                                   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
PATCH  /api/facilities/{id}                              y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/facilities/{id}/dock-doors                   y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
POST   /api/dock-doors                                   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
PATCH  /api/facilities/{id}/dock-doors/{doorId}          y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/facilities/{id}/labor-incharges              y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
POST   /api/facilities/{id}/labor-incharges              y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/facilities/{id}/labor-incharges/available    y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
GET    /api/facilities/{id}/equipment                    y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
POST   /api/facilities/{id}/equipment                    y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/facilities/{id}/equipment/available          y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
GET    /api/facilities/{id}/time-slots                   y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
PATCH  /api/facilities/{id}/time-slots/{slotId}          y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/facilities/{id}/holidays                     y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
POST   /api/facilities/{id}/holidays                     y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/facilities/{id}/holidays/{date}              y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/slots/available                              public
GET    /api/holidays                                     public
GET    /api/facilities/{id}/yard-spots                   y   y   y   y   y   y   y   n   n   n   n   n   n   n   n   n
PATCH  /api/yard-spots/{spotId}/status                   y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/yard/overview                                y   y   y   y   y   y   y   n   n   n   n   n   n   n   n   n
POST   /api/yard/assign-spots                            y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/facilities/{id}/yard-tasks                   y   y   y   y   y   y   y   n   n   n   n   n   n   n   n   n
PUT    /api/facilities/{id}/yard-settings                y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/yard-tasks/{taskId}/start                    y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/yard-tasks/{taskId}/finish                   y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/carriers                                     y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
POST   /api/carriers                                     y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
PATCH  /api/carriers/{id}                              y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/carriers/{id}/drivers                        y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
PATCH  /api/carriers/{id}/drivers/{driverId}             y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/drivers                                      y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/appointments                                 y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
GET    /api/appointments/today                           y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
GET    /api/appointments/today/changes                   y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
GET    /api/appointments/upcoming                        y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
GET    /api/appointments/check-availability              y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
GET    /api/appointments/{id}                            y   y   y   y   y   y   y   y   o   o   o   o   o   o   o   n
POST   /api/appointments                                 y   y   y   y   n   n   n   f   f   f   f   f   f   f   f   n
POST   /api/appointments/{id}/equipment                  y   y   y   y   n   n   n   s   o   o   o   o   o   o   o   n
PATCH  /api/appointments/{id}/status                     y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/appointments/{id}/cancel                     y   y   y   y   n   n   n   s   o   o   o   o   o   o   o   n
POST   /api/appointments/{id}/approve                    y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/appointments/{id}/refuse                     y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/appointments/{id}/reschedule                 y   y   y   y   n   n   n   s   o   o   o   o   o   o   o   n
GET    /api/reschedules/pending                          y   y   y   y   n   n   n   y   y   y   y   y   y   y   y   n
PATCH  /api/reschedules/{id}/approve                     y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
PATCH  /api/reschedules/{id}/deny                        y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/bookings/slot                                public
GET    /api/bookings/slots                               public
GET    /api/bookings/setup                               public
GET    /api/bookings/facilities/{id}/rules               y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
PUT    /api/bookings/facilities/{id}/rules               y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/appointments/{id}/issues                     y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/checkins                                     y   y   y   y   y   y   y   n   n   n   n   y   n   n   n   n
POST   /api/checkins                                     y   y   y   y   n   y   n   n   n   n   n   o   n   n   n   n
POST   /api/checkins/walk-in                             y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/checkins/gate-pass                           y   y   y   y   n   y   n   n   n   n   n   y   n   n   n   n
GET    /api/appointments/{id}/gate-pass                  y   y   y   y   y   y   y   n   n   n   n   o   n   n   n   n
PATCH  /api/checkins/{id}/status                         y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
PATCH  /api/checkins/{id}/door                           y   y   y   y   n   y   n   n   n   n   n   n   n   n   n   n
POST   /api/appointments/{id}/checkin                    y   y   y   y   n   y   n   n   n   n   n   o   n   n   n   n
GET    /api/facilities/{id}/qr-code                      y   y   y   y   n   y   n   n   n   n   n   y   n   n   n   n
GET    /api/checkins/qr-link                             public
POST   /api/checkins/qr                                  public
GET    /api/dashboard/metrics                            y   y   y   y   y   y   y   n   n   n   n   n   n   n   n   n
GET    /api/dashboard/daily-report                       y   y   y   y   y   y   y   n   n   n   n   n   n   n   n   n
GET    /api/notifications                                y   y   y   y   y   y   y   n   n   n   n   n   n   n   n   n
GET    /api/analytics                                    y   y   y   y   y   n   y   n   n   n   n   n   n   n   n   n
GET    /api/reports/{report}                             y   y   y   y   y   n   y   n   n   n   n   n   n   n   n   n
GET    /api/analytics/scorecard                          y   y   y   y   y   n   y   n   n   n   n   n   n   n   n   n
GET    /api/carrier/scorecard                            n   n   n   n   n   n   n   y   y   y   y   n   y   y   y   n
GET    /api/carrier/scorecard/csv                        n   n   n   n   n   n   n   y   y   y   y   n   y   y   y   n
GET    /api/driver/dashboard                             y   n   n   n   n   n   n   n   n   n   n   y   n   n   n   n
PATCH  /api/driver/preferences                          y   n   n   n   n   n   n   n   n   n   n   y   n   n   n   n
GET    /api/integrations/monitoring/stats                y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/integrations/monitoring/systems              y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/integrations/systems                         y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/integrations/systems                         y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
PATCH  /api/integrations/systems/{id}                    y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/integrations/systems/{id}                    y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/integrations/systems/{id}/rotate-secret      y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/integrations/systems/{id}/test               y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/integrations/systems/{id}/sync               y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/integrations/systems/{id}/logs               y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/integrations/systems/{id}/endpoints          y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/integrations/systems/{id}/endpoints          y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
PATCH  /api/integrations/systems/{id}/endpoints/{endpointId} y n n   n   n   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/integrations/systems/{id}/endpoints/{endpointId} y n n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/integrations/systems/{id}/webhooks           y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/integrations/systems/{id}/webhooks           y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
PATCH  /api/integrations/systems/{id}/webhooks/{webhookId} y n  n   n   n   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/integrations/systems/{id}/webhooks/{webhookId} y n  n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/integrations/systems/{id}/webhooks/{webhookId}/deliveries y n n n n n n   n   n   n   n   n   n   n   n   n
POST   /api/integrations/systems/{id}/webhooks/{webhookId}/test y n n n  n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/integrations/systems/{id}/webhooks/{webhookId}/deliveries/{eventId}/resend y n n n n n n n n n n n n n n n
POST   /api/integrations/inbound/{systemId}              signed
POST   /api/signup                                       public
POST   /api/signup/verify                                public
POST   /api/signup/resend                                public
GET    /api/tenancy/tenant                               y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   y
PUT    /api/tenancy/plan                                 n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/tenancy/memberships                          y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   y
GET    /api/tenancy/setup                                y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/tenancy/closing                              y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/tenancy/close                                y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/tenancy/reopen                               y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/invitations                                  y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/invitations                                  y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/invitations/{id}                             y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/invitations/preview                          public
POST   /api/invitations/accept                           public
GET    /api/facilities/{id}/link                         y   y   y   y   y   n   y   n   n   n   n   n   n   n   n   n
POST   /api/facilities/{id}/link/rotate                  y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/facility-links/{token}                       public
GET    /api/facility-links/{token}/bookings/{reference}/delivery public
POST   /api/contact                                      public
GET    /api/contact/inquiries                            y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/wms/dashboard                                y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
GET    /api/wms/options                                  y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
GET    /api/wms/facilities                               y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
POST   /api/wms/facilities                               y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/wms/facilities/{id}                          y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/wms/facilities/{id}                          y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/wms/facilities/{id}/settings                 y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
PUT    /api/wms/facilities/{id}/settings                 y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
GET    /api/references/facilities/{id}/policy            y   y   y   y   y   n   y   n   n   n   n   n   n   n   n   n
PUT    /api/references/facilities/{id}/policy            y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/references/facilities/{id}/orders            y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
POST   /api/references/facilities/{id}/orders/preview    y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/references/facilities/{id}/orders/upload     y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/appointment-types/facilities/{id}            y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
POST   /api/appointment-types/facilities/{id}/types      y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/appointment-types/facilities/{id}/types/{typeId} y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/appointment-types/facilities/{id}/types/{typeId} y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/appointment-types/facilities/{id}/fields     y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/appointment-types/facilities/{id}/fields/{fieldId} y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/appointment-types/facilities/{id}/fields/{fieldId} y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/series                                       y   y   y   y   y   y   y   y   n   n   n   n   n   n   n   n
POST   /api/series                                       y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/series/{id}                                  y   y   y   y   y   y   y   y   n   n   n   n   n   n   n   n
POST   /api/series/{id}/cancel                           y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/booking-links                                y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/booking-links                                y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/booking-links/{id}/revoke                    y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/booking-links/{id}/code                      y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/booking-links/{id}/send                      y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/book/{token}                                 public
GET    /api/book/{token}/holidays                        public
GET    /api/book/{token}/slots                           public
POST   /api/book/{token}/booking                         public
GET    /api/book/{token}/booking/{reference}/delivery    public
GET    /api/wms/zones                                    y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
POST   /api/wms/zones                                    y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/wms/zones/{id}                               y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/wms/zones/{id}                               y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
GET    /api/wms/bins                                     y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
GET    /api/wms/bins/{id}                                y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
POST   /api/wms/bins/range                               y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
POST   /api/wms/bins                                     y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/wms/bins/{id}                                y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/wms/bins/{id}                                y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
GET    /api/wms/products                                 y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
POST   /api/wms/products                                 y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/wms/products/{id}                            y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/wms/products/{id}                            y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
GET    /api/wms/inventory                                y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
POST   /api/wms/inventory                                y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/wms/inventory/{id}                           y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/wms/inventory/{id}                           y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
POST   /api/wms/inventory/{id}/move                      y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
POST   /api/wms/inventory/receive                        y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
POST   /api/wms/inventory/adjust                         y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
GET    /api/wms/inventory/adjustments                    y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
GET    /api/wms/receiving/appointments                   y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
GET    /api/wms/appointments/{id}/receipts               y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
GET    /api/wms/cycle-counts                             y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
POST   /api/wms/cycle-counts                             y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
POST   /api/wms/cycle-counts/{id}/start                  y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
POST   /api/wms/cycle-counts/{id}/complete               y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
POST   /api/wms/cycle-counts/{id}/cancel                 y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
GET    /api/wms/cycle-counts/{id}/items                  y   y   y   n   y   n   y   n   n   n   n   n   n   n   n   n
PATCH  /api/wms/cycle-count-items/{id}                   y   y   y   n   y   n   n   n   n   n   n   n   n   n   n   n
POST   /api/messaging/test                               y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/notifications/send                           y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/messaging/driver-messages                    y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/messaging/messages                           y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/messaging/status                             y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/messaging/opt-outs                           y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/messaging/settings                           y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/messaging/settings                           y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/messaging/callbacks/{tenantId}/sms           public
POST   /api/messaging/callbacks/{tenantId}/whatsapp      public
POST   /api/messaging/callbacks/ses                      public
GET    /api/gate/settings                                y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/gate/settings                                y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/gate/today                                   y   y   y   y   y   y   y   n   n   n   n   y   n   n   n   n
GET    /api/gate/pass-keys                               y   y   y   y   n   y   n   n   n   n   n   n   n   n   n   n
POST   /api/gate/pass-keys/rotate                        y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/checkins/{id}/gate-override                  y   n   n   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/trips/settings                               y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/trips/settings                               y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/trips                                        y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
GET    /api/trips/appointments                           y   y   y   y   y   y   y   y   y   y   y   y   y   y   y   n
GET    /api/appointments/{id}/trip                       y   y   y   y   y   y   y   y   o   o   o   o   o   o   o   n
GET    /api/reslot/{token}                               public
POST   /api/reslot/{token}                               public
GET    /api/passes/{token}                               public
GET    /api/passes/{token}/qr                            public
GET    /api/passes/{token}/slots                         public
POST   /api/passes/{token}/reschedule                    public
POST   /api/passes/{token}/cancel                        public
GET    /api/privacy/my-data                              y   n   n   n   n   n   n   n   n   n   n   y   n   n   n   n
GET    /api/privacy/my-data/export                       y   n   n   n   n   n   n   n   n   n   n   y   n   n   n   n
PATCH  /api/privacy/my-data                              y   n   n   n   n   n   n   n   n   n   n   y   n   n   n   n
POST   /api/privacy/erasure-requests                     y   n   n   n   n   n   n   n   n   n   n   y   n   n   n   n
GET    /api/privacy/erasure-requests                     y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/privacy/erasure-requests/{id}/complete       y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/privacy/erasure-requests/{id}/refuse         y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/privacy/access-log                           y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/privacy/incidents                            y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/privacy/incidents                            y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/privacy/incidents/{id}/steps                 y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/privacy/retention                            y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/privacy/retention                            y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/privacy/retention/reports                    y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/privacy/tenant-exports                       y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/privacy/tenant-exports                       y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/privacy/tenant-exports/{id}                  y   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/privacy/choices/{token}                      public
POST   /api/privacy/choices/{token}                      public
GET    /api/whatsapp/webhook                             public
POST   /api/whatsapp/webhook                             signed
GET    /api/detention/terms                              y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
PUT    /api/detention/terms                              y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/holding/queue                                y   y   y   y   y   y   y   n   n   n   n   n   n   n   n   n
GET    /api/holding/area                                 y   y   y   y   y   y   y   n   n   n   n   n   n   n   n   n
PUT    /api/holding/area                                 y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/detention/appointments/{id}                  y   y   y   y   y   y   y   y   o   o   o   o   o   o   o   n
POST   /api/detention/appointments/{id}/events           y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/detention/appointments/{id}/corrections      y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/detention/appointments/{id}/evidence.csv     y   y   y   y   y   y   y   y   o   o   o   o   o   o   o   n
GET    /api/detention/appointments/{id}/evidence.pdf     y   y   y   y   y   y   y   y   o   o   o   o   o   o   o   n
GET    /api/verify/{hash}                                public
POST   /api/detention/statements                         y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/detention/statements                         y   y   y   y   y   y   y   y   y   y   y   n   y   y   y   n
GET    /api/detention/statements/{id}                    y   y   y   y   y   y   y   y   o   o   o   n   o   o   o   n
GET    /api/detention/statements/{id}/statement.csv      y   y   y   y   y   y   y   y   o   o   o   n   o   o   o   n
GET    /api/detention/statements/{id}/statement.pdf      y   y   y   y   y   y   y   y   o   o   o   n   o   o   o   n
POST   /api/detention/statements/{id}/lines/{appointmentId}/dispute y y y y n n n s o o o n o o o n
POST   /api/detention/statements/{id}/lines/{appointmentId}/answer y y y n n n n n n n n n n n n n
POST   /api/detention/statements/{id}/close              y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/planner/proposals                            y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/planner/proposals/latest                     y   y   y   y   y   y   y   n   n   n   n   n   n   n   n   n
GET    /api/planner/proposals/{id}                       y   y   y   y   y   y   y   n   n   n   n   n   n   n   n   n
POST   /api/planner/proposals/{id}/apply                 y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/planner/settings                             y   y   y   y   y   y   y   n   n   n   n   n   n   n   n   n
PUT    /api/planner/settings                             y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/carrier-links                                y   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/carrier-links/invitations                    y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/carrier-links/requests/{identityId}/approve  y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/carrier-links/{identityId}                   y   y   y   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/carrier-identity/register                    public
POST   /api/carrier-identity/mobile-code                 public
POST   /api/carrier-identity/mobile-code/verify          public
GET    /api/carrier-identity/me                          n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
PATCH  /api/carrier-identity/me/language                 n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/carrier-identity/people                      n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/carrier-identity/people                      n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
DELETE /api/carrier-identity/people/{personId}        n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/carrier-identity/drivers                     n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/carrier-identity/drivers                     n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/carrier-identity/invitations                 n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/carrier-identity/invitations/{hubId}/accept  n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/carrier-identity/link-requests               n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/carrier-identity/hubs                        n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/carrier-identity/bookings                    n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/carrier-identity/hubs/{hubId}/bookings       n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/carrier-identity/hubs/{hubId}/bookings/{id}/cancel n n n n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/carrier-identity/hubs/{hubId}/bookings/{id}/reschedule n n n n n n n n n n n n n n n n
GET    /api/carrier-identity/wallet                      n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
POST   /api/carrier-identity/privacy/erasure             n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
GET    /api/carrier-identity/privacy/export              n   n   n   n   n   n   n   n   n   n   n   n   n   n   n   n
`;

interface Row {
  key: string;
  method: string;
  path: string;
  cells: Record<Column, Cell> | 'public' | 'signed';
}

const ROWS: Row[] = MATRIX.trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [method, path, ...rest] = line.trim().split(/\s+/);
    if (rest[0] === 'public' || rest[0] === 'signed')
      return { key: `${method} ${path}`, method: method!, path: path!, cells: rest[0] };
    if (rest.length !== COLUMNS.length || rest.some((c) => !'ynosf'.includes(c)))
      throw new Error(`bad matrix row: ${line}`);
    return {
      key: `${method} ${path}`,
      method: method!,
      path: path!,
      cells: Object.fromEntries(COLUMNS.map((c, i) => [c, rest[i] as Cell])) as Record<Column, Cell>,
    };
  });

/** Routes whose record is an appointment (named in the path, or in the body): they also get another carrier's. */
const APPOINTMENT_RECORD = (row: Row) =>
  /^\/api\/(detention\/)?appointments\/\{id\}/.test(row.path) ||
  row.path === '/api/wms/appointments/{id}/receipts' ||
  row.key === 'POST /api/checkins' ||
  row.key === 'POST /api/appointments';
/** Routes whose record is a carrier's detention statement: another carrier's is one to hide too. */
const STATEMENT_RECORD = (row: Row) => row.path.startsWith('/api/detention/statements/{id}');
/** Path parameters that name no record (the tenant is the session's). */
const NOT_RECORDS = new Set(['report']);
const namesRecord = (row: Row) =>
  [...row.path.matchAll(/\{(\w+)\}/g)].some((m) => !NOT_RECORDS.has(m[1]!)) || row.key === 'POST /api/checkins';

type Case = 'own' | 'otherCarrier' | 'otherTenant';

interface Records {
  tenantId: string;
  /** An erasure request already answered (refused): completing or refusing it again is a 409. */
  erasureRequest: string;
  /** A whole-data export of the tenant (issue #36), ended (no export worker runs here): a new one may start. */
  tenantExport: string;
  /** A security incident already closed (issue #36): a further step is a 409. */
  incident: string;
  facility: string;
  door: string;
  slot: string;
  holiday: string;
  spot: string;
  /** A yard move (issue #58.4), done already: starting or finishing it again is a 409. */
  yardTask: string;
  carrier: string;
  ownCarrier: string;
  ownDriver: string;
  /** A driver of the other carrier (`carrier`). */
  otherDriver: string;
  appointment: string;
  otherAppointment: string;
  reschedule: string;
  checkin: string;
  pendingUser: string;
  invitation: string;
  system: string;
  endpoint: string;
  webhook: string;
  /** A recorded delivery of the webhook (its test event), by its event id. */
  delivery: string;
  zone: string;
  bin: string;
  product: string;
  inventory: string;
  cycleCount: string;
  cycleCountItem: string;
  /** A facility booking link (issue #32). */
  bookingLink: string;
  /** The facility's appointment type and custom booking field (issue #32). */
  appointmentType: string;
  bookingField: string;
  /** A standing appointment (issue #32), cancelled already. */
  series: string;
  /** A door plan proposal of tomorrow (issue #58.2), still solving (no worker runs here). */
  proposal: string;
  /** A forklift of the facility, for the acts that assign equipment. */
  equipment: string;
  /** The own carrier's detention statement of the month before last, and its one line (a truck's appointment). */
  statement: string;
  statementLine: string;
  /** The other carrier's, closed, its line's dispute answered: a change is answered 409 and nothing changes. */
  otherStatement: string;
  otherStatementLine: string;
}

let api: TestApi;
let tms: FakeTms;
let a: Organisation;
let b: Organisation;
let mine: Records;
let theirs: Records;
const clients = new Map<Column, Client>();
/** Per caller, the records its deletions use up. */
const disposable = new Map<Column, Record<string, string>>();
const tomorrow = indiaDate(1);

const id = (res: HttpResponse) => {
  if (res.status >= 300 || !res.body?.id) throw new Error(`setup call failed: ${res.status} ${res.text}`);
  return res.body.id as string;
};

/** Records of one organisation, made through its admin's HTTP calls (yard spots have no create route). */
async function recordsOf(org: Organisation): Promise<Records> {
  const admin = org.admin;
  const facility = org.facilityId;
  const door = (await admin.get(`/api/facilities/${facility}/dock-doors`)).body[0].id as string;
  const ownCarrier = id(
    await admin.post('/api/carriers', { name: `Own Roadways ${randomUUID().slice(0, 4)}`, serviceTypes: ['FTL'] }),
  );
  const ownDriver = id(
    await admin.post('/api/drivers', {
      carrierId: ownCarrier,
      name: 'Own Driver',
      licenseNumber: `MH01${Date.now()}`.slice(0, 15),
    }),
  );
  const carrier = id(
    await admin.post('/api/carriers', { name: `Other Roadways ${randomUUID().slice(0, 4)}`, serviceTypes: ['FTL'] }),
  );
  const otherDriver = id(
    await admin.post('/api/drivers', {
      carrierId: carrier,
      name: 'Other Driver',
      licenseNumber: `KA01${Date.now()}`.slice(0, 15),
    }),
  );
  const book = async (carrierId: string, driverId: string, start: string, end: string) =>
    id(
      await admin.post('/api/appointments', {
        facilityId: facility,
        carrierId,
        driverId,
        dockDoorId: door,
        scheduledDate: tomorrow,
        scheduledTimeStart: start,
        scheduledTimeEnd: end,
      }),
    );
  const settled = async (appointment: string) => {
    const res = await admin.post(`/api/appointments/${appointment}/cancel`, {
      reason: 'Settled for the authorisation matrix',
    });
    if (res.status !== 200) throw new Error(`cancel failed: ${res.text}`);
    return appointment;
  };
  const appointment = await settled(await book(ownCarrier, ownDriver, '10:00', '11:00'));
  const otherAppointment = await settled(await book(carrier, otherDriver, '11:00', '12:00'));
  const toMove = await book(ownCarrier, ownDriver, '12:00', '13:00');
  const reschedule = id(
    await admin.post(`/api/appointments/${toMove}/reschedule`, {
      newDate: tomorrow,
      newTimeStart: '14:00',
      newTimeEnd: '15:00',
      reason: 'traffic',
      reasonDetails: 'Stuck in traffic on the highway',
    }),
  );
  const checkin = id(
    await admin.post('/api/checkins/walk-in', {
      driverName: 'Walk In',
      vehicleLicense: 'MH12AB1234',
      carrierName: 'Walk-in Roadways',
    }),
  );
  expect(
    (await admin.request('PATCH', `/api/checkins/${checkin}/status`, { body: { status: 'departed' } })).status,
  ).toBe(200);
  const holiday = addDays(tomorrow, 20);
  expect(
    (await admin.post(`/api/facilities/${facility}/holidays`, { holidayDate: holiday, name: 'Matrix Holiday' })).status,
  ).toBe(201);
  const spot = (await createYardSpot(org.tenantId, facility, 'Y01', null)).id;
  const yardTask = await makeYardTask(org.tenantId, facility, 'done');
  const document = {
    documentType: 'employee_id',
    key: `users/${org.tenantId}/x/employee_id.pdf`,
    contentType: 'application/pdf',
    size: 1000,
    uploadedAt: new Date().toISOString(),
  };
  const pendingUser = (await pendingRegistration(org.tenantId, 'spectator', { documents: [document] })).id;
  const invitation = id(
    await admin.post('/api/invitations', {
      email: `invited.${randomUUID().slice(0, 8)}@example.in`,
      role: 'spectator',
    }),
  );
  const system = id(await admin.post('/api/integrations/systems', systemBody()));
  const endpoint = id(
    await admin.post(`/api/integrations/systems/${system}/endpoints`, { name: 'Requests', endpoint: '/appointments' }),
  );
  const webhook = id(
    await admin.post(`/api/integrations/systems/${system}/webhooks`, {
      eventType: 'appointment.created',
      webhookUrl: `${tms.url}/webhooks`,
    }),
  );
  const delivery = (await admin.post(`/api/integrations/systems/${system}/webhooks/${webhook}/test`, {})).body
    .eventId as string;
  const zone = id(
    await admin.post('/api/wms/zones', { facilityId: facility, name: 'Matrix Zone', code: 'MZ', zoneType: 'storage' }),
  );
  const bin = id(await admin.post('/api/wms/bins', { zoneId: zone, binCode: 'MZ-01', binType: 'shelf' }));
  const product = id(
    await admin.post('/api/wms/products', { sku: `MX-${randomUUID().slice(0, 6)}`, name: 'Matrix Product' }),
  );
  const inventory = id(
    await admin.post('/api/wms/inventory', { facilityId: facility, productId: product, binId: bin, quantity: 10 }),
  );
  const cycleCount = id(await admin.post('/api/wms/cycle-counts', { facilityId: facility, countType: 'full' }));
  expect((await admin.post(`/api/wms/cycle-counts/${cycleCount}/start`, {})).status).toBe(200);
  const sheet = await admin.get(`/api/wms/cycle-counts/${cycleCount}/items`);
  const cycleCountItem = [sheet.body, sheet.body?.items, sheet.body?.data].find(Array.isArray)?.[0]?.id as
    string | undefined;
  if (!cycleCountItem) throw new Error(`no count sheet line: ${sheet.text}`);
  const erasureRequest = (
    await putErasureRequest(
      org.tenantId,
      {
        driverId: ownDriver,
        carrierId: ownCarrier,
        accountId: null,
        pseudonym: 'Driver #0000',
        driverName: null,
        status: 'refused',
        requestedAt: new Date().toISOString(),
        dueDate: tomorrow,
        heldReason: null,
        refusedReason: 'Settled by the matrix',
        decidedAt: new Date().toISOString(),
      },
      { userId: 'matrix', username: 'matrix' },
      new Date(),
    )
  ).id;
  const tenantExport = (await startExport(org.tenantId, { userId: 'matrix', username: 'matrix' }, new Date()))!.id;
  await finishExport(org.tenantId, tenantExport, { status: 'failed', key: null, size: null }, new Date());
  const incident = id(await admin.post('/api/privacy/incidents', INCIDENT));
  expect((await admin.post(`/api/privacy/incidents/${incident}/steps`, { step: 'closed' })).status).toBe(200);
  return {
    tenantId: org.tenantId,
    erasureRequest,
    tenantExport,
    incident,
    facility,
    door,
    slot: `${tomorrow}_0900`,
    holiday,
    spot,
    yardTask,
    carrier,
    ownCarrier,
    ownDriver,
    otherDriver,
    appointment,
    otherAppointment,
    reschedule,
    checkin,
    pendingUser,
    invitation,
    system,
    endpoint,
    webhook,
    delivery,
    zone,
    bin,
    product,
    inventory,
    cycleCount,
    cycleCountItem,
    bookingLink: (await admin.post('/api/booking-links', { facilityId: facility, label: 'Matrix link' })).body.link.id,
    ...(await bookingSetupOf(admin, facility, 'Matrix')),
    series: await settledSeries(admin, facility, ownCarrier),
    proposal: id(await admin.post('/api/planner/proposals', { facilityId: facility, date: tomorrow })),
    equipment: id(
      await admin.post(`/api/facilities/${facility}/equipment`, { name: 'Matrix Forklift', type: 'Forklift' }),
    ),
    ...(await statementsOf(admin, facility, ownCarrier, carrier)),
  };
}

/**
 * The own carrier's statement of the month before last (one truck), and the other carrier's, settled: its
 * line disputed by that carrier's office, answered and the statement closed (through the use cases: no
 * caller of the matrix works for that carrier).
 */
async function statementsOf(admin: Client, facility: string, ownCarrier: string, carrier: string) {
  const user = (await admin.get('/api/auth/user')).body as SessionUser;
  const month = monthsAgo(2);
  const statementLine = await pastTruck(user, facility, ownCarrier, `${month}-10`);
  const otherStatementLine = await pastTruck(user, facility, carrier, `${month}-11`);
  const issue = async (carrierId: string) => id(await admin.post('/api/detention/statements', { carrierId, month }));
  const [statement, otherStatement] = [await issue(ownCarrier), await issue(carrier)];
  const office: SessionUser = { ...user, id: `office-${carrier}`, carrierId: carrier, driverId: null };
  await disputeLine(office, otherStatement, otherStatementLine, { reason: 'Settled by the matrix' });
  await answerDispute(user, otherStatement, otherStatementLine, { decision: 'answered', reply: 'Settled' });
  await closeStatement(user, otherStatement, {});
  return { statement, statementLine, otherStatement, otherStatementLine };
}

/** A standing appointment (issue #32), cancelled at once: a cancel by a caller is then refused 409 and changes nothing. */
async function settledSeries(admin: Client, facility: string, carrier: string) {
  // Its one date is past the 8-week horizon, so it books nothing.
  const body = { ...SERIES_BODY(facility, carrier), startDate: addDays(tomorrow, 70) };
  const series = id(await admin.post('/api/series', body));
  const cancelled = await admin.post(`/api/series/${series}/cancel`, {
    fromDate: body.startDate,
    reason: 'Settled by the matrix',
  });
  expect(cancelled.status, cancelled.text).toBe(200);
  return series;
}
const SERIES_BODY = (facility: string, carrier: string) => ({
  facilityId: facility,
  carrierId: carrier,
  weekdays: ['MO'],
  timeStart: '09:00',
  timeEnd: '10:00',
  startDate: addDays(tomorrow, 70),
  count: 1,
});

/** An appointment type and a booking field of the facility (issue #32). */
async function bookingSetupOf(admin: Client, facility: string, name: string) {
  const setup = `/api/appointment-types/facilities/${facility}`;
  return {
    appointmentType: id(await admin.post(`${setup}/types`, TYPE_BODY(name))),
    bookingField: id(await admin.post(`${setup}/fields`, { label: `${name} seal`, kind: 'text' })),
  };
}
const TYPE_BODY = (name: string) => ({
  name: `${name} inbound`,
  direction: 'inbound',
  vehicleTypes: [],
  doorIds: [],
  durationRule: { kind: 'fixed', minutes: 60 },
});

const systemBody = () => ({
  name: `Matrix TMS ${randomUUID().slice(0, 4)}`,
  systemType: 'TMS',
  vendor: 'Acme',
  baseUrl: `${tms.url}/health`,
  authType: 'API_KEY',
  authConfig: { apiKey: FAKE_CREDENTIALS.apiKey },
});

/** Records each caller's deletions use up, so every allowed deletion finds its record. */
async function disposableRecords(index: number): Promise<Record<string, string>> {
  const admin = a.admin;
  const holiday = addDays(tomorrow, 40 + index);
  expect(
    (
      await admin.post(`/api/facilities/${mine.facility}/holidays`, {
        holidayDate: holiday,
        name: `Disposable ${index}`,
      })
    ).status,
  ).toBe(201);
  const system = id(await admin.post('/api/integrations/systems', systemBody()));
  const zone = id(
    await admin.post('/api/wms/zones', {
      facilityId: mine.facility,
      name: `Disposable ${index}`,
      code: `D${index}`,
      zoneType: 'storage',
    }),
  );
  const product = id(
    await admin.post('/api/wms/products', { sku: `DX-${randomUUID().slice(0, 6)}`, name: `Disposable ${index}` }),
  );
  // Its own facility: stock at the shared one is frozen by the running cycle count.
  const ownFacility = id(
    await admin.post('/api/facilities', {
      name: `Disposable ${index}`,
      address: 'Plot 9, MIDC',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
    }),
  );
  return {
    holiday,
    system,
    ...(await bookingSetupOf(admin, mine.facility, `Disposable ${index}`)),
    endpoint: id(
      await admin.post(`/api/integrations/systems/${mine.system}/endpoints`, {
        name: `Disposable ${index}`,
        endpoint: `/d${index}`,
      }),
    ),
    webhook: id(
      await admin.post(`/api/integrations/systems/${mine.system}/webhooks`, {
        eventType: 'appointment.created',
        webhookUrl: `https://tms.example.com/d${index}`,
      }),
    ),
    invitation: id(
      await admin.post('/api/invitations', {
        email: `disposable.${randomUUID().slice(0, 8)}@example.in`,
        role: 'spectator',
      }),
    ),
    zone,
    bin: id(await admin.post('/api/wms/bins', { zoneId: mine.zone, binCode: `MZ-D${index}`, binType: 'shelf' })),
    product,
    inventory: id(
      await admin.post('/api/wms/inventory', { facilityId: ownFacility, productId: mine.product, quantity: 1 }),
    ),
  };
}

/**
 * An account of the column's role: a registration approved with the role the approver picked. Each login
 * is also a member of the demo tenant, as a spectator (written through the tenancy store, as an accepted
 * invitation leaves it), so every caller has a tenant to switch to.
 */
async function accountFor(column: Column): Promise<Client> {
  const carrierSide = [
    'tenant_admin',
    'tenant_operator',
    'vendor_supplier',
    'logistics_coordinator',
    'truck_owner',
    'transporter_company',
    'freight_forwarder',
  ].includes(column);
  const external = column === 'driver' || carrierSide;
  const user = await pendingRegistration(a.tenantId, external ? 'truck_owner' : 'security_officer', {
    userType: external ? 'external_user' : 'dockyard_employee',
  });
  if (column !== 'pending') {
    const link =
      column === 'driver'
        ? { carrierId: mine.ownCarrier, driverId: mine.ownDriver }
        : carrierSide
          ? { carrierId: mine.ownCarrier }
          : {};
    const approved = await a.admin.post(`/api/admin/approve-user/${user.id}`, { role: column, ...link });
    if (approved.status !== 200 || approved.body.role !== column)
      throw new Error(`approving ${column} failed: ${approved.status} ${approved.text}`);
  }
  const demo = await getTenant(DEMO_TENANT_ID);
  await transact(
    [
      newMembershipPut({
        userId: user.id,
        tenantId: DEMO_TENANT_ID,
        tenantName: demo!.name,
        role: 'spectator',
        createdAt: new Date().toISOString(),
        invitationId: null,
      }),
    ],
    () => new Error(`${column} is a member of the demo tenant already`),
  );
  const client = new Client(api.url);
  client.busyRetries = BUSY_RETRIES;
  const address = nextAddress();
  const send = client.request.bind(client);
  // Every request of this caller comes from its own address, so per-address limits are the caller's own.
  client.request = (method, path, options = {}) => send(method, path, { ...options, localAddress: address });
  // The password hash is admitted a few at a time: a busy machine answers 503, and the sign-in is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      await client.signIn(user.email, PASSWORD);
      return client;
    } catch (err) {
      if (attempt === 5 || !String(err).includes('503')) throw err;
      await new Promise((resolve) => setTimeout(resolve, 2000 * attempt));
    }
  }
}

/** The path and body of one call: the record of the case, a body that passes validation where the record matters. */
function call(row: Row, which: Case, column: Column | null, act?: Prepared): { path: string; body?: unknown } {
  const r = which === 'otherTenant' ? theirs : mine;
  const throwaway = column ? disposable.get(column) : undefined;
  const appointment = which === 'otherCarrier' ? r.otherAppointment : r.appointment;
  const deleting = row.method === 'DELETE' && which === 'own' && throwaway;
  const params: Record<string, string> = {
    id:
      row.path.startsWith('/api/appointments/') ||
      row.path.startsWith('/api/wms/appointments/') ||
      row.path.startsWith('/api/detention/appointments/')
        ? appointment
        : row.path.startsWith('/api/reschedules/')
          ? r.reschedule
          : row.path.startsWith('/api/booking-links/')
            ? r.bookingLink
            : row.path.startsWith('/api/privacy/erasure-requests/')
              ? r.erasureRequest
              : row.path.startsWith('/api/privacy/tenant-exports/')
                ? r.tenantExport
                : row.path.startsWith('/api/privacy/incidents/')
                  ? r.incident
                  : row.path.startsWith('/api/checkins/')
                    ? r.checkin
                    : row.path.startsWith('/api/invitations/')
                      ? deleting
                        ? throwaway.invitation!
                        : r.invitation
                      : row.path.startsWith('/api/integrations/systems/')
                        ? deleting && !row.path.includes('Id}')
                          ? throwaway.system!
                          : r.system
                        : row.path.startsWith('/api/wms/zones/')
                          ? deleting
                            ? throwaway.zone!
                            : r.zone
                          : row.path.startsWith('/api/wms/bins/')
                            ? deleting
                              ? throwaway.bin!
                              : r.bin
                            : row.path.startsWith('/api/wms/products/')
                              ? deleting
                                ? throwaway.product!
                                : r.product
                              : row.path.startsWith('/api/wms/inventory/')
                                ? deleting
                                  ? throwaway.inventory!
                                  : r.inventory
                                : row.path.startsWith('/api/wms/cycle-counts/')
                                  ? r.cycleCount
                                  : row.path.startsWith('/api/wms/cycle-count-items/')
                                    ? r.cycleCountItem
                                    : row.path.startsWith('/api/carriers/')
                                      ? r.ownCarrier
                                      : row.path.startsWith('/api/series/')
                                        ? r.series
                                        : row.path.startsWith('/api/planner/proposals/')
                                          ? r.proposal
                                          : r.facility,
    userId: r.pendingUser,
    documentType: 'employee_id',
    slotId: r.slot,
    date: deleting ? throwaway.holiday! : r.holiday,
    spotId: r.spot,
    taskId: r.yardTask,
    driverId: r.ownDriver,
    doorId: r.door,
    endpointId: deleting ? throwaway.endpoint! : r.endpoint,
    webhookId: deleting ? throwaway.webhook! : r.webhook,
    eventId: r.delivery,
    systemId: r.system,
    tenantId: r.tenantId,
    token: 'demo-bhiwandi',
    // An evidence code never issued: the public check answers it 404.
    hash: '0'.repeat(64),
    // A carrier's statement (#57.3) and its line: another carrier's for that case.
    ...(row.path.startsWith('/api/detention/statements/') && {
      id: which === 'otherCarrier' ? r.otherStatement : r.statement,
    }),
    appointmentId: which === 'otherCarrier' ? r.otherStatementLine : r.statementLine,
    report: 'carrier-scorecard',
    typeId: deleting ? throwaway.appointmentType! : r.appointmentType,
    fieldId: deleting ? throwaway.bookingField! : r.bookingField,
    ...act?.params,
  };
  const path =
    row.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!)) +
    (act?.query ?? QUERIES[row.key] ?? '');
  const carrier = which === 'otherCarrier' ? r.carrier : r.ownCarrier;
  const special: Record<string, unknown> = {
    // Outside the facility's hours (08:00-18:00): a booking that passes the ownership check is then refused 409.
    'POST /api/appointments': {
      facilityId: r.facility,
      carrierId: carrier,
      driverId: which === 'otherCarrier' ? undefined : r.ownDriver,
      scheduledDate: tomorrow,
      scheduledTimeStart: '03:00',
      scheduledTimeEnd: '04:00',
    },
    'POST /api/checkins': { appointmentId: appointment, driverName: 'Own Driver', vehicleLicense: 'MH12AB1234' },
  };
  const body =
    act?.body ??
    special[row.key] ??
    BODIES[row.key]?.(r) ??
    (row.method === 'GET' || row.method === 'DELETE' ? undefined : {});
  return { path, body };
}

/** Bodies that pass validation, for routes whose record is read only after the body is. */
/** A security incident of the matrix's own (issue #36): no facility named, one day. */
const INCIDENT = {
  title: 'Matrix incident',
  description: 'Recorded by the permission matrix.',
  discoveredAt: '2026-11-20T10:00:00+05:30',
  dataKinds: ['names'],
  affectedFrom: '2026-11-19',
  affectedTo: '2026-11-19',
  measures: 'None needed: a test record.',
  contact: 'matrix@example.in',
};

const BODIES: Record<string, (r: Records) => unknown> = {
  'POST /api/carrier-links/requests/{identityId}/approve': (r) => ({ carrierId: r.ownCarrier }),
  'POST /api/booking-links': (r) => ({ facilityId: r.facility, label: 'Matrix link' }),
  'POST /api/booking-links/{id}/send': () => ({ mobileNumber: '9876543210' }),
  'POST /api/admin/reject-user/{userId}': () => ({ reason: 'Matrix decision' }),
  'PATCH /api/facilities/{id}': () => ({ name: 'Renamed by the matrix' }),
  'PATCH /api/facilities/{id}/time-slots/{slotId}': () => ({ isBlocked: true }),
  'POST /api/facilities/{id}/labor-incharges': () => ({ name: 'Matrix Labour' }),
  'POST /api/facilities/{id}/equipment': () => ({ name: 'Matrix Forklift', type: 'Forklift' }),
  'POST /api/facilities/{id}/holidays': () => ({ holidayDate: '2031-01-01', name: 'Matrix day' }),
  'PATCH /api/yard-spots/{spotId}/status': () => ({ status: 'maintenance' }),
  'POST /api/appointments/{id}/equipment': () => ({ equipmentId: 'matrix-equipment' }),
  'PATCH /api/appointments/{id}/status': () => ({ status: 'arrived' }),
  'POST /api/appointments/{id}/cancel': () => ({ reason: 'Cancelled by the matrix' }),
  'POST /api/appointments/{id}/refuse': () => ({ reason: 'Refused by the matrix' }),
  'POST /api/appointments/{id}/reschedule': () => ({
    newDate: addDays(tomorrow, 1),
    newTimeStart: '10:00',
    newTimeEnd: '11:00',
    reason: 'traffic',
    reasonDetails: 'Stuck in traffic on the highway',
  }),
  'POST /api/appointments/{id}/issues': () => ({ description: 'A note from the matrix on this appointment' }),
  'PATCH /api/checkins/{id}/status': () => ({ status: 'completed' }),
  'PATCH /api/checkins/{id}/door': () => ({ dockDoorId: 'matrix-door' }),
  'POST /api/checkins/{id}/gate-override': () => ({ reason: 'Let through by the matrix test' }),
  'POST /api/privacy/erasure-requests/{id}/refuse': () => ({ reason: 'Kept for a legal hold by the matrix' }),
  'POST /api/privacy/incidents': () => INCIDENT,
  'POST /api/privacy/incidents/{id}/steps': () => ({ step: 'board_notified' }),
  'PUT /api/privacy/retention': () => ({
    checkinPhotos: 30,
    licenceImages: 180,
    messageBodies: 90,
    fastagCrossings: 72,
    closedAppointments: 180,
  }),
  'PATCH /api/integrations/systems/{id}': () => ({ name: 'Renamed by the matrix' }),
  'POST /api/integrations/systems/{id}/endpoints': () => ({ name: 'Matrix', endpoint: '/matrix' }),
  'PATCH /api/integrations/systems/{id}/endpoints/{endpointId}': () => ({ name: 'Renamed by the matrix' }),
  'POST /api/integrations/systems/{id}/webhooks': () => ({
    eventType: 'appointment.created',
    webhookUrl: 'https://tms.example.com/matrix',
  }),
  'PATCH /api/integrations/systems/{id}/webhooks/{webhookId}': () => ({ isActive: false }),
  // A body that passes validation (the caller's own facility and body are its act's, test/support/authz-effects.ts).
  'PUT /api/wms/facilities/{id}': () => ({
    name: 'Renamed by the matrix',
    address: 'Plot 9, MIDC',
    operatingHoursStart: '08:00',
    operatingHoursEnd: '18:00',
    totalDockDoors: 0,
  }),
  'PUT /api/wms/zones/{id}': (r) => ({
    facilityId: r.facility,
    name: 'Renamed by the matrix',
    code: 'MZ',
    zoneType: 'storage',
  }),
  'PUT /api/wms/bins/{id}': (r) => ({ zoneId: r.zone, binCode: 'MZ-01', binType: 'shelf' }),
  'PUT /api/wms/products/{id}': () => ({ sku: 'MX-RENAMED', name: 'Renamed by the matrix' }),
  'PUT /api/wms/inventory/{id}': (r) => ({ facilityId: r.facility, productId: r.product, binId: r.bin, quantity: 10 }),
  'PATCH /api/wms/cycle-count-items/{id}': () => ({ countedQuantity: 1 }),
  'PATCH /api/carriers/{id}': () => ({ name: 'Renamed by the matrix' }),
  'PATCH /api/carriers/{id}/drivers/{driverId}': () => ({ name: 'Renamed by the matrix' }),
  'PATCH /api/facilities/{id}/dock-doors/{doorId}': () => ({ doorType: 'standard' }),
  'POST /api/wms/inventory/{id}/move': (r) => ({ toBinId: r.bin, quantity: 1 }),
  'POST /api/appointment-types/facilities/{id}/types': () => TYPE_BODY('Matrix new'),
  'PUT /api/appointment-types/facilities/{id}/types/{typeId}': () => TYPE_BODY('Matrix renamed'),
  'POST /api/appointment-types/facilities/{id}/fields': () => ({ label: 'Matrix new', kind: 'text' }),
  'PUT /api/appointment-types/facilities/{id}/fields/{fieldId}': () => ({
    field: { label: 'Matrix renamed', kind: 'text' },
  }),
  // Outside the facility's hours (08:00-18:00): past the permission check, refused 400 and nothing booked.
  'POST /api/series': (r) => ({ ...SERIES_BODY(r.facility, r.ownCarrier), timeStart: '03:00', timeEnd: '04:00' }),
  'POST /api/series/{id}/cancel': () => ({ fromDate: tomorrow, reason: 'Cancelled by the matrix' }),
  'POST /api/detention/statements/{id}/lines/{appointmentId}/dispute': () => ({ reason: 'Disputed by the matrix' }),
  'POST /api/detention/statements/{id}/lines/{appointmentId}/answer': () => ({
    decision: 'answered',
    reply: 'Answered by the matrix',
  }),
};

const QUERIES: Record<string, string> = {
  'GET /api/facilities/{id}/labor-incharges/available': `?date=${tomorrow}&timeStart=10:00&timeEnd=11:00`,
  'GET /api/facilities/{id}/equipment/available': `?date=${tomorrow}&timeStart=10:00&timeEnd=11:00`,
  'GET /api/facilities/{id}/time-slots': `?date=${tomorrow}`,
  'GET /api/bookings/slots': `?date=${tomorrow}`,
  // The caller's tenant's default facility (each tenant's own), tomorrow.
  'GET /api/planner/proposals/latest': `?facilityId=default&date=${tomorrow}`,
  'GET /api/planner/settings': '?facilityId=default',
};

/** What the cell says the call must answer: a status, or 'allowed' (past authorisation). */
function expected(cell: Cell, which: Case): number | 'allowed' {
  if (cell === 'n') return 403;
  if (which === 'otherTenant') return 404;
  if (which === 'own' || cell === 'y') return 'allowed';
  return cell === 'o' ? 404 : 403;
}

const allowed = (status: number) => status < 500 && ![401, 403, 404].includes(status);

/**
 * Rows walked after every other row of every caller, one caller at a time, in this order: the tenant's
 * one messaging settings record (three callers write it: each reads back its own write), closing and
 * reopening the matrix's tenant (read-only for everyone in between), the tenant switch (the session
 * then acts in another tenant) and signing out (the session ends).
 */
const SERIAL = [
  'PUT /api/messaging/settings',
  'POST /api/tenancy/close',
  'POST /api/tenancy/reopen',
  'POST /api/auth/switch-tenant',
  'POST /api/auth/logout',
];
const isWrite = (row: Row) =>
  row.method !== 'GET' && typeof row.cells !== 'string' && Object.values(row.cells).some((c) => c !== 'n');
/** Per route and caller, what its own act prepared (test/support/authz-effects.ts). */
const prepared = new Map<string, Prepared>();
const actKey = (row: Row, column: Column) => `${row.key}|${column}`;
const actContext = (n: number, caller?: Client, column?: Column): ActContext => ({
  caller,
  column,
  booker: clients.get('tenant_operator'),
  admin: a.admin,
  r: { ...mine, systemBody, tenantName: a.body.companyName, memberTenant: DEMO_TENANT_ID },
  n,
  firstDay: addDays(tomorrow, 1),
});

/** The hub's own DLT registration, so its SMS are sent (a new tenant has none: every SMS would be refused). */
async function messagingOf(org: Organisation) {
  const saved = await org.admin.request('PUT', '/api/messaging/settings', { body: { dlt: TEST_DLT } });
  expect(saved.status, saved.text).toBe(200);
}

/** Check-ins held at the gate, one per caller that may override a hold: made before the acts, popped by them. */
const heldCheckins: string[] = [];
/**
 * Turns the tenant's gate checks on (a fake ULIP whose licence registry finds no transport class: a
 * hold), checks in the walk-ins the override acts need, and turns the checks off again before any other
 * act checks a truck in.
 */
async function holdAtTheGate() {
  const ulip = await startFakeUlip();
  try {
    const gate = (on: boolean) =>
      a.admin.request('PUT', '/api/gate/settings', {
        body: { ...fakeUlipGateSettings(ulip.url, ['SARATHI']), enabled: on },
      });
    expect((await gate(true)).status).toBe(200);
    const row = ROWS.find((r) => r.key === 'POST /api/checkins/{id}/gate-override')!;
    const callers = COLUMNS.filter((c) => typeof row.cells !== 'string' && expected(row.cells[c], 'own') === 'allowed');
    for (let i = 0; i < callers.length; i++) {
      const held = await a.admin.post('/api/checkins/walk-in', {
        driverName: `Held Driver ${i}`,
        vehicleLicense: `MH12HD${String(i).padStart(4, '0')}`,
        carrierName: 'Walk-in Roadways',
        driverLicense: FAKE_ULIP_FIXTURES.licenceNoTransport,
      });
      expect([held.status, held.body?.gate?.decision], held.text).toEqual([201, 'HOLD']);
      heldCheckins.push(held.body.id);
    }
    expect((await gate(false)).status).toBe(200);
  } finally {
    await ulip.close();
  }
}

/** Makes every allowed caller's own record of every act, a few at a time. */
async function prepareActs() {
  usePendingRegistrations(async () => (await pendingRegistration(a.tenantId, 'spectator')).id);
  let spots = 0;
  useYardSpots(async (facility) => (await createYardSpot(a.tenantId, facility, `YM${++spots}`, null)).id);
  useHeldCheckins(async () => {
    const checkin = heldCheckins.pop();
    if (!checkin) throw new Error('no held check-in left for the override acts');
    return checkin;
  });
  // A pending erasure request of a driver of its own, for the acts that decide one.
  usePendingErasures(async () => {
    const driverId = id(
      await a.admin.post('/api/drivers', {
        carrierId: mine.ownCarrier,
        name: `Erased ${randomUUID().slice(0, 6)}`,
        licenseNumber: `MH16${String(Date.now()).slice(-11)}`,
      }),
    );
    const request = await putErasureRequest(
      a.tenantId,
      {
        driverId,
        carrierId: mine.ownCarrier,
        accountId: null,
        pseudonym: `Driver #${driverId.slice(0, 4)}`,
        driverName: null,
        status: 'pending',
        requestedAt: new Date().toISOString(),
        dueDate: tomorrow,
        heldReason: null,
        refusedReason: null,
        decidedAt: null,
      },
      { userId: 'matrix', username: 'matrix' },
      new Date(),
    );
    return request.id;
  });
  const tasks: (() => Promise<void>)[] = [];
  for (const row of ROWS) {
    const act = ACTS[row.key];
    if (!act || typeof row.cells === 'string') continue;
    for (const column of COLUMNS) {
      if (expected(row.cells[column], 'own') !== 'allowed') continue;
      const n = tasks.length;
      tasks.push(async () => {
        prepared.set(actKey(row, column), act.prepare ? await act.prepare(actContext(n, undefined, column)) : {});
      });
    }
  }
  await inPool(tasks);
}

/**
 * A 503 "busy" (past the request's deadline on a loaded test machine, in the set-up or the walk) says
 * nothing of the rules: each client of this file asks it again, 2 s apart, at most this often.
 */
const BUSY_RETRIES = 3;

async function walk(column: Column | null, rows: Row[]): Promise<string[]> {
  const client = column ? clients.get(column)! : Object.assign(new Client(api.url), { busyRetries: BUSY_RETRIES });
  const failures: string[] = [];
  for (const row of rows) {
    const cases: Case[] =
      typeof row.cells === 'string' || !namesRecord(row)
        ? ['own']
        : APPOINTMENT_RECORD(row) || STATEMENT_RECORD(row)
          ? ['own', 'otherCarrier', 'otherTenant']
          : ['own', 'otherTenant'];
    // A booking names its carrier in the body: another tenant's carrier is simply unknown there (400), no record to hide.
    if (row.key === 'POST /api/appointments') cases.splice(cases.indexOf('otherTenant'), 1);
    for (const which of cases) {
      const act = which === 'own' && column ? prepared.get(actKey(row, column)) : undefined;
      const { path, body } = call(row, which, column, act);
      // Every client asks a 503 "busy" again (BUSY_RETRIES): it says nothing of access.
      const res = await client.request(row.method, path, body === undefined ? {} : { body });
      const label = `${row.key} [${which}] as ${column ?? 'anonymous'}: got ${res.status} ${res.status >= 400 ? (res.body?.message ?? '') : ''}`;
      if (res.status >= 500) failures.push(`${label} (server error)`);
      if (row.cells === 'public') {
        if (res.status === 401 && !column) failures.push(`${label} (public route asked for a session)`);
        continue;
      }
      if (row.cells === 'signed') {
        if (res.status !== 401) failures.push(`${label}, expected 401 without the system's signature`);
        continue;
      }
      const want = column ? expected(row.cells[column], which) : 401;
      if (act?.answer) {
        if (res.status !== act.answer.status || res.body?.message !== act.answer.message)
          failures.push(`${label}, expected ${act.answer.status} ${act.answer.message}`);
        continue;
      }
      if (act) {
        if (res.status < 200 || res.status >= 300)
          failures.push(`${label}, expected 2xx (a valid act on its own record)`);
        else {
          const wrong = await ACTS[row.key]!.effect(actContext(-1, client), act, res, path);
          if (wrong) failures.push(`${row.key} as ${column}: answered ${res.status} but ${wrong}`);
        }
        continue;
      }
      if (want === 'allowed' ? !allowed(res.status) : res.status !== want) failures.push(`${label}, expected ${want}`);
    }
  }
  return failures;
}

/** Runs the tasks POOL at a time (two cores are shared by the whole machine), answers in task order. */
const POOL = 4;
async function inPool<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: POOL }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

beforeAll(async () => {
  api = await startTestApi();
  tms = await startFakeTms();
  // The fake TMS listens on loopback, which outbound calls refuse unless named (local stage only).
  process.env.OUTBOUND_ALLOW_ADDRESSES = '127.0.0.1';
  [a, b] = [await signUpOrganisation(api.url), await signUpOrganisation(api.url)];
  a.admin.busyRetries = b.admin.busyRetries = BUSY_RETRIES;
  [mine, theirs] = await Promise.all([recordsOf(a), recordsOf(b)]);
  await inPool(COLUMNS.map((column, i) => async () => disposable.set(column, await disposableRecords(i))));
  // One at a time: each sign-in runs the memory-hard password hash.
  for (const column of COLUMNS) clients.set(column, await accountFor(column));
  await messagingOf(a);
  await holdAtTheGate();
  await prepareActs();
}, 300_000);

afterAll(async () => {
  await tms?.close();
  await api?.close();
});

// Records named in the body (issue #52.12), before the walk (which ends with every caller signing out): a caller names a driver, a carrier or another record by id,
// and only records it may act on are accepted. Each case is written by hand with the answer the rules
// give (a record outside the caller's reach is refused before anything is written) and checks that
// nothing changed where the named record lives.
describe('records named in the body', () => {
  const day = addDays(tomorrow, 30);
  const booking = (r: Records, over: Record<string, unknown>) => ({
    facilityId: r.facility,
    scheduledDate: day,
    scheduledTimeStart: '09:00',
    scheduledTimeEnd: '10:00',
    ...over,
  });
  const dayOf = async (org: Organisation, r: Records) =>
    (await org.admin.get(`/api/appointments?date=${day}&facilityId=${r.facility}`)).body as unknown[];
  const refusal = (res: HttpResponse) => [res.status, res.body?.errors ?? res.body?.message];

  it('a carrier-side booker cannot book another carrier driver, nor a driver another driver', async () => {
    const other = await clients
      .get('tenant_operator')!
      .post('/api/appointments', booking(mine, { carrierId: mine.ownCarrier, driverId: mine.otherDriver }));
    expect(refusal(other)).toEqual([400, { driverId: 'The driver does not drive for this carrier' }]);
    const colleague = id(
      await a.admin.post('/api/drivers', {
        carrierId: mine.ownCarrier,
        name: 'Colleague',
        licenseNumber: 'MH0420260001',
      }),
    );
    const asDriver = await clients
      .get('driver')!
      .post('/api/appointments', booking(mine, { carrierId: mine.ownCarrier, driverId: colleague }));
    expect(refusal(asDriver)).toEqual([403, 'Drivers can book appointments only for themselves']);
    expect(await dayOf(a, mine)).toEqual([]);
  });

  it("another tenant's carrier and driver are unknown to a booking and a series, and nothing is made", async () => {
    const carrier = await b.admin.post('/api/appointments', booking(theirs, { carrierId: mine.ownCarrier }));
    expect(refusal(carrier)).toEqual([400, { carrierId: 'Carrier not found' }]);
    const driver = await b.admin.post(
      '/api/appointments',
      booking(theirs, { carrierId: theirs.ownCarrier, driverId: mine.ownDriver }),
    );
    expect(refusal(driver)).toEqual([400, { driverId: 'The driver does not drive for this carrier' }]);
    expect(await dayOf(b, theirs)).toEqual([]);
    expect(await dayOf(a, mine)).toEqual([]);

    const before = ((await b.admin.get('/api/series')).body as unknown[]).length;
    const series = { ...SERIES_BODY(theirs.facility, theirs.ownCarrier), startDate: addDays(tomorrow, 7) };
    const seriesCarrier = await b.admin.post('/api/series', { ...series, carrierId: mine.ownCarrier });
    expect(refusal(seriesCarrier)).toEqual([400, { carrierId: 'Carrier not found' }]);
    const seriesDriver = await b.admin.post('/api/series', { ...series, driverId: mine.ownDriver });
    expect(refusal(seriesDriver)).toEqual([400, { driverId: 'The driver does not drive for this carrier' }]);
    const otherCarrierDriver = await b.admin.post('/api/series', { ...series, driverId: theirs.otherDriver });
    expect(refusal(otherCarrierDriver)).toEqual([400, { driverId: 'The driver does not drive for this carrier' }]);
    expect(((await b.admin.get('/api/series')).body as unknown[]).length).toBe(before);
  });

  it("another tenant's carrier takes no driver, and an approval links no account to it", async () => {
    const driver = await a.admin.post('/api/drivers', {
      carrierId: theirs.ownCarrier,
      name: 'Planted Driver',
      licenseNumber: 'KA0520260002',
    });
    expect(driver.status).toBe(404);
    expect(JSON.stringify((await b.admin.get(`/api/carriers/${theirs.ownCarrier}/drivers`)).body)).not.toContain(
      'Planted Driver',
    );

    const applicant = await pendingRegistration(a.tenantId, 'driver', { userType: 'external_user' });
    const theirDriver = await a.admin.post(`/api/admin/approve-user/${applicant.id}`, {
      role: 'driver',
      carrierId: theirs.ownCarrier,
      driverId: theirs.ownDriver,
    });
    expect([400, 403, 404]).toContain(theirDriver.status);
    const otherCarrier = await a.admin.post(`/api/admin/approve-user/${applicant.id}`, {
      role: 'driver',
      carrierId: mine.ownCarrier,
      driverId: mine.otherDriver,
    });
    expect(refusal(otherCarrier)).toEqual([400, { driverId: 'The driver does not drive for this carrier' }]);
    const pending = (await a.admin.get('/api/admin/pending-registrations')).body as { id: string }[];
    expect(pending.map((u) => u.id)).toContain(applicant.id);
  });

  it('a driver message reaches only a driver of the tenant named with their own carrier, and nothing is sent otherwise', async () => {
    const withPhone = async (org: Organisation, carrierId: string, phone: string) =>
      id(
        await org.admin.post('/api/drivers', {
          carrierId,
          name: `Reachable ${phone}`,
          phone,
          licenseNumber: `MH18${phone.slice(-11)}`,
        }),
      );
    const theirDriver = await withPhone(b, theirs.ownCarrier, '7100000001');
    const otherCarrierDriver = await withPhone(a, mine.carrier, '7100000002');
    const send = (recipient: Record<string, string>) =>
      a.admin.post('/api/messaging/driver-messages', { recipient, templateKey: 'test_message' });

    const otherTenant = await send({ kind: 'driver', carrierId: theirs.ownCarrier, driverId: theirDriver });
    expect(refusal(otherTenant)).toEqual([404, 'Driver not found']);
    const wrongCarrier = await send({ kind: 'driver', carrierId: mine.ownCarrier, driverId: otherCarrierDriver });
    expect(refusal(wrongCarrier)).toEqual([404, 'Driver not found']);
    const theirAppointment = await send({ kind: 'appointment', appointmentId: theirs.appointment });
    expect(refusal(theirAppointment)).toEqual([404, 'Appointment not found']);

    const logged = async (org: Organisation) =>
      ((await org.admin.get('/api/messaging/messages?limit=100')).body.items as { to: string }[]).map((m) => m.to);
    for (const org of [a, b])
      expect(await logged(org)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^\+9171000000/)]));
  });

  it("a gate pass checks in only its own tenant's appointment, and a driver only their own", async () => {
    // A hub where it is 10:xx now (check-in open for 12:00) in each tenant, and an appointment due there.
    const due = async (org: Organisation, carrierId: string, driverId: string) => {
      const hub = id(
        await org.admin.post('/api/facilities', {
          name: `Pass Hub ${randomUUID().slice(0, 4)}`,
          address: 'Plot 1, MIDC',
          operatingHoursStart: '00:00',
          operatingHoursEnd: '23:45',
          timeZone: zoneAtTenNow(),
        }),
      );
      const appointment = id(
        await org.admin.post('/api/appointments', {
          facilityId: hub,
          carrierId,
          driverId,
          scheduledDate: localDateTime(new Date(), zoneAtTenNow()).date,
          scheduledTimeStart: '12:00',
          scheduledTimeEnd: '13:00',
        }),
      );
      const pass = await org.admin.get(`/api/appointments/${appointment}/gate-pass`);
      expect(pass.status, pass.text).toBe(200);
      return { hub, appointment, token: pass.body.token as string };
    };
    const theirPass = await due(b, theirs.ownCarrier, theirs.ownDriver);
    const otherCarrierPass = await due(a, mine.carrier, mine.otherDriver);
    const checkIn = (client: Client, token: string, facilityId: string) =>
      client.post('/api/checkins/gate-pass', {
        idempotencyKey: randomUUID().replace(/-/g, ''),
        token,
        facilityId,
        happenedAt: new Date().toISOString(),
      });
    const gate = clients.get('yard_manager')!;

    // Another tenant's pass, at a hub of the caller's tenant or naming the other tenant's hub.
    const atOwnHub = await checkIn(gate, theirPass.token, otherCarrierPass.hub);
    expect(atOwnHub.status, atOwnHub.text).toBe(409);
    expect((await checkIn(gate, theirPass.token, theirPass.hub)).status).toBe(404);
    // Another carrier's pass on a driver's own phone: that appointment is not theirs to see.
    const driver = await checkIn(clients.get('driver')!, otherCarrierPass.token, otherCarrierPass.hub);
    expect(driver.status, driver.text).toBe(404);

    const status = async (org: Organisation, appointment: string) =>
      (await org.admin.get(`/api/appointments/${appointment}`)).body.status;
    expect(await status(b, theirPass.appointment)).toBe('scheduled');
    expect(await status(a, otherCarrierPass.appointment)).toBe('scheduled');
  });

  it("another tenant's facility or hub is not one to assign yard spots at or switch to", async () => {
    const yard = await a.admin.post('/api/yard/assign-spots', { facilityId: theirs.facility });
    expect(yard.status, yard.text).toBe(404);
    const spectator = clients.get('spectator')!;
    const switched = await spectator.post('/api/auth/switch-tenant', { tenantId: b.tenantId });
    expect(switched.status, switched.text).toBe(404);
    expect((await spectator.get('/api/auth/user')).body.tenantId).toBe(a.tenantId);
  });
});

describe('the authorisation matrix', () => {
  it('has one row per route of the table, and every route of the table has its row', () => {
    const table = (ROUTES as readonly ApiRoute[]).map(routeKey).sort();
    expect(ROWS.map((r) => r.key).sort()).toEqual(table);
  });

  it('has for every write route an act that reads its effect back', () => {
    expect(ROWS.filter((row) => isWrite(row) && !ACTS[row.key]).map((row) => row.key)).toEqual([]);
    expect(Object.keys(ACTS).filter((key) => !ROWS.some((row) => row.key === key))).toEqual([]);
    expect(SERIAL.filter((key) => !ROWS.some((row) => row.key === key))).toEqual([]);
  });

  it('gives each account the role the approver picked, whatever it asked for', async () => {
    const answers = await Promise.all(
      COLUMNS.map(async (column) => [column, (await clients.get(column)!.get('/api/auth/user')).body.role]),
    );
    expect(Object.fromEntries(answers)).toEqual(
      Object.fromEntries(COLUMNS.map((c) => [c, c === 'pending' ? 'security_officer' : c])),
    );
  });

  it('answers every route x role x record as the matrix says', async () => {
    const callers = [null, ...COLUMNS];
    const concurrent = ROWS.filter((row) => !SERIAL.includes(row.key));
    const failures = (await inPool(callers.map((column) => () => walk(column, concurrent)))).flat();
    const serial = SERIAL.map((key) => ROWS.find((row) => row.key === key)!);
    for (const column of callers) failures.push(...(await walk(column, serial)));
    expect(failures).toEqual([]);
  }, 240_000);
});

// The carrier identity's column (issue #59), by hand in test/support/authz-carrier-identity.ts: a platform
// carrier's owner, signed in once by mobile code, linked to hub A's carrier record (tenant a) and to no
// record of hub B (tenant b), against every route of the table; its own routes at hub A and at hub B.
describe('the carrier identity column', () => {
  it('answers a platform carrier linked to hub A, not hub B, as its column says', async () => {
    const identity = await matrixIdentity();
    const who = { actor: { userId: 'matrix', username: 'matrix' }, ip: '127.0.0.1' };
    await inviteCarrier(a.tenantId, { gstin: identity.gstin, carrierId: mine.ownCarrier }, who);
    await acceptInvitation(identity.id, a.tenantId, who);
    const owner = await carrierSignedIn(api.url, identity.phone);
    const failures: string[] = [];
    const check = (row: Row, hub: 'A' | 'B', want: 'y' | number, res: HttpResponse) => {
      const ok = want === 'y' ? allowed(res.status) : res.status === want;
      if (!ok)
        failures.push(`${row.key} at hub ${hub}: got ${res.status} ${res.body?.message ?? ''}, expected ${want}`);
    };
    for (const row of ROWS) {
      if (typeof row.cells === 'string') continue;
      const cell: IdentityCell = IDENTITY_CELLS.get(row.key) ?? { key: row.key, own: 403 };
      const hubs: ['A' | 'B', string, 'y' | number][] = [['A', a.tenantId, cell.own]];
      if (cell.other !== undefined) hubs.push(['B', b.tenantId, cell.other]);
      for (const [hub, hubId, want] of hubs) {
        const { path, body } = call(row, 'own', null);
        const at = path
          .replace('/hubs/undefined/', `/hubs/${hubId}/`)
          .replace('/invitations/undefined/', `/invitations/${hubId}/`);
        const query = row.key === 'GET /api/carrier-identity/bookings' ? `?date=${tomorrow}` : '';
        check(row, hub, want, await owner.request(row.method, at + query, body === undefined ? {} : { body }));
      }
    }
    expect(failures).toEqual([]);
    // It never acted at either hub: neither hub's link list changed but for hub A's own link.
    expect(
      (await b.admin.get('/api/carrier-links')).body.some((l: { identityId: string }) => l.identityId === identity.id),
    ).toBe(false);
  }, 120_000);
});
