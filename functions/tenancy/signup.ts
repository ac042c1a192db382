// Organisation sign-up (issue #18): one TransactWriteItems creates the tenant and its keys, the first
// admin and its login aliases, the first facility with default doors and slot settings, the
// facility's link and the audit record, so a failure leaves nothing behind. The admin verifies the
// e-mail address with a 6-digit code; the verification starts the 30-day trial and activates the admin.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError } from '../lib/errors';
import { hashPassword } from '../lib/passwords';
import { sendMessage } from '../messaging';
import {
  checkEmailCode,
  findUserByIdentifier,
  newEmailCode,
  newUserPuts,
  saveUser,
  takenAlias,
  VERIFICATION_MINUTES,
  type User,
} from '../users';
import { newDockDoorPuts, newFacilityPut, type DockDoor, type Facility } from '../facilities';
import { getTenant, newTenantPuts, startTrialUpdate, type Tenant } from './tenant.store';
import { newFacilityLinkPuts, newFacilityLinkToken } from '../facilities';
import { trialEnd } from './rules';
import { PRODUCT_NAME } from '../../shared/product';
import { TENANCY_TEXTS, type SignupAnswer, type signupSchema } from '../../shared/contracts/tenancy';
import { dockDoorNumber } from '../../shared/contracts/facilities';

type SignupInput = z.output<typeof signupSchema>;

/** The first facility's defaults: 08:00-18:00, 60-minute slots of 2 bookings (its doors: as many as sign-up asked). */
export const FIRST_FACILITY = {
  operatingHoursStart: '08:00',
  operatingHoursEnd: '18:00',
  slotMinutes: 60,
  slotCapacity: 2,
} as const;

function taken(kind: 'username' | 'email' | 'phone'): ConflictError {
  return kind === 'phone'
    ? new ConflictError(TENANCY_TEXTS.phoneTaken, { phoneNumber: TENANCY_TEXTS.phoneTaken })
    : new ConflictError(TENANCY_TEXTS.emailTaken, { email: TENANCY_TEXTS.emailTaken });
}

export async function signUp(input: SignupInput, ip: string, now = new Date()): Promise<SignupAnswer> {
  const clash = await takenAlias({ username: input.email, email: input.email, phoneNumber: input.phoneNumber });
  if (clash) throw taken(clash.kind);

  const at = now.toISOString();
  const tenantId = randomUUID();
  const userId = randomUUID();
  const facilityId = randomUUID();
  const { code, pending } = newEmailCode(now);
  const tenant: Tenant = {
    id: tenantId,
    name: input.companyName,
    createdAt: at,
    defaultFacilityId: facilityId,
    gstin: input.gstin,
    plan: null,
    trialEndsAt: null,
    status: 'pending-verification',
    adminUserId: userId,
  };
  const admin: User = {
    id: userId,
    tenantId,
    username: input.email,
    email: input.email,
    phoneNumber: input.phoneNumber,
    firstName: input.firstName,
    lastName: input.lastName,
    profileImageUrl: null,
    role: 'admin',
    extraRoles: [],
    userType: 'dockyard_employee',
    status: 'pending',
    isVerified: false,
    passwordHash: await hashPassword(input.password),
    createdAt: at,
    profile: { companyName: input.companyName },
    documents: [],
    emailVerified: false,
    emailVerification: pending,
  };
  const facility: Facility = {
    id: facilityId,
    tenantId,
    name: input.facilityName,
    // Sign-up asks for the city and state only; the street address is added under Facilities.
    address: '',
    city: input.facilityCity,
    state: input.facilityState,
    country: 'India',
    zipCode: null,
    contactEmail: input.email,
    contactPhone: input.phoneNumber,
    operatingHoursStart: FIRST_FACILITY.operatingHoursStart,
    operatingHoursEnd: FIRST_FACILITY.operatingHoursEnd,
    timeZone: input.timeZone,
    totalDockDoors: input.dockDoors,
    doorCount: input.dockDoors,
    slotMinutes: FIRST_FACILITY.slotMinutes,
    slotCapacity: FIRST_FACILITY.slotCapacity,
    isActive: true,
    createdAt: at,
  };
  const doors: DockDoor[] = Array.from({ length: input.dockDoors }, (_, i) => ({
    id: randomUUID(),
    tenantId,
    facilityId,
    doorNumber: dockDoorNumber(i + 1),
    doorType: 'standard',
    maxVehicleHeight: null,
    maxVehicleWidth: null,
    status: 'available',
    assetId: null,
    createdAt: at,
  }));
  const tenantPuts = newTenantPuts(tenant);
  const userPuts = newUserPuts(admin);
  const items = [
    ...tenantPuts,
    ...userPuts,
    newFacilityPut(facility),
    ...doors.flatMap(newDockDoorPuts),
    ...newFacilityLinkPuts({ token: newFacilityLinkToken(), tenantId, facilityId, createdAt: at }),
    auditPut(
      {
        tenantId,
        actor: { userId, username: admin.username },
        action: 'tenant.signed-up',
        entityType: 'tenant',
        entityId: tenantId,
        after: { ...tenant, facilityId, adminUserId: userId, ip },
      },
      now,
    ),
  ];
  // An alias taken between the check above and this write: the same clear answer.
  await transact(items, (index) => {
    const aliasIndex = index - tenantPuts.length - 1;
    if (aliasIndex >= 0 && aliasIndex < userPuts.length - 1) return taken(aliasIndex < 2 ? 'email' : 'phone');
    return new ConflictError('Sign-up could not be completed. Please try again.');
  });
  await sendCode(input.email, code, now);
  return { message: TENANCY_TEXTS.signupAccepted, email: input.email };
}

function sendCode(email: string, code: string, now: Date) {
  const text = `Your ${PRODUCT_NAME} verification code is ${code}. Enter it to start your 30-day free trial. It expires in ${VERIFICATION_MINUTES} minutes.`;
  return sendMessage({ channel: 'email', to: email, subject: `${PRODUCT_NAME}: verify your email`, text }, now);
}

/** The signed-up admin and tenant still waiting for the e-mail code, or null. */
async function awaitingVerification(email: string): Promise<{ admin: User; tenant: Tenant } | null> {
  const admin = await findUserByIdentifier(email);
  const tenant = admin ? await getTenant(admin.tenantId) : null;
  if (!admin || !tenant || tenant.status !== 'pending-verification' || tenant.adminUserId !== admin.id) return null;
  return { admin, tenant };
}

const wrongCode = () => new BadRequestError(TENANCY_TEXTS.wrongCode, { code: TENANCY_TEXTS.wrongCode });

/** Checks the code; a right one activates the admin and starts the trial in one transaction. */
export async function verifySignup(email: string, code: string, now = new Date()) {
  const found = await awaitingVerification(email);
  if (!found) throw wrongCode();
  const { admin, tenant } = found;
  const check = admin.emailVerified ? 'ok' : checkEmailCode(admin.emailVerification, code, now);
  if (check === 'spent') throw wrongCode();
  if (check === 'wrong') {
    await saveUser(
      admin,
      { ...admin, emailVerification: { ...admin.emailVerification!, attempts: admin.emailVerification!.attempts + 1 } },
      null,
      'user.email-verification-failed',
      now,
    );
    throw wrongCode();
  }
  const trialEndsAt = trialEnd(now);
  const activated: User = {
    ...admin,
    status: 'active',
    isVerified: true,
    emailVerified: true,
    emailVerification: null,
    decidedAt: now.toISOString(),
    decidedBy: 'email verification',
  };
  const actor = { userId: admin.id, username: admin.username };
  await saveUser(admin, activated, actor, 'user.email-verified', now, {
    items: [
      startTrialUpdate(tenant.id, trialEndsAt),
      auditPut(
        {
          tenantId: tenant.id,
          actor,
          action: 'tenant.trial-started',
          entityType: 'tenant',
          entityId: tenant.id,
          after: { trialEndsAt },
        },
        now,
      ),
    ],
    refused: () => wrongCode(),
  });
  return { message: 'Email verified. Your 30-day free trial has started.', trialEndsAt };
}

/** Sends a new code to a sign-up still waiting for verification; says the same either way. */
export async function resendSignupCode(email: string, now = new Date()) {
  const found = await awaitingVerification(email);
  if (found && !found.admin.emailVerified) {
    const { code, pending } = newEmailCode(now);
    await saveUser(found.admin, { ...found.admin, emailVerification: pending }, null, 'user.email-code-resent', now);
    await sendCode(email, code, now);
  }
  return { message: TENANCY_TEXTS.signupAccepted, email };
}
