// Facility booking links (issue #32): staff make, list, revoke and re-code them; the public page opens
// one with its access code and books through the guest booking path (appointments), so the lead time,
// cut-offs and PO check are the same as for every carrier and guest booking.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type * as z from 'zod/mini';
import type { Actor } from '../lib/audit';
import { BadRequestError, HttpError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { linkIdOf, linkToken, linkTokenMatches } from '../lib/signed-link';
import { openSecret, sealSecret } from '../lib/secrets';
import { getTenant } from '../lib/tenants';
import { getCarrier } from '../carriers';
import { getFacility, resolveFacility, type Facility } from '../facilities';
import { bookingSetup } from '../appointment-types';
import { bookGuestSlot, findByBookingReference } from '../appointments';
import { guestConfirmationDelivery, sendMessage } from '../messaging';
import { messagingAllowed } from '../consent';
import { toIndianE164 } from '../../shared/contracts/messaging';
import {
  bookingLinkKey,
  changeBookingLink,
  clearWrongCodes,
  countWrongCode,
  getBookingLink,
  listFacilityBookingLinks,
  newBookingLinkId,
  putNewBookingLink,
  type StoredBookingLink,
} from './booking-link.store';
import {
  BOOKING_LINK_TEXTS,
  CODE_ATTEMPTS,
  CODE_LOCK_MINUTES,
  LINK_LANGUAGE_PARAM,
  type BookingLink,
  type BookingLinkSent,
  type BookingLinkWithCode,
  type bookingLinkInputSchema,
  type bookingLinkSendSchema,
  type OpenedBookingLink,
} from '../../shared/contracts/booking-links';
import type { GuestBookingConfirmation, guestBookingSchema } from '../../shared/contracts/appointments-guest';
import type { ConfirmationDelivery } from '../../shared/contracts/tenancy-setup';

const DAY_MS = 86_400_000;

/** What the token signs: a token re-pointed at another tenant or facility opens nothing. */
const signed = (link: Pick<StoredBookingLink, 'tenantId' | 'facilityId'>) => [link.tenantId, link.facilityId];

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const codeHash = (key: Buffer, id: string, code: string) =>
  createHmac('sha256', key).update(`${id}|code|${code}`).digest('base64url');
/** What a link keeps of its code: the hash the page's code is checked against, and the code sealed for sending it again. */
const keptCode = async (tenantId: string, id: string, code: string) => ({
  codeHash: codeHash(await bookingLinkKey(tenantId), id, code),
  codeSealed: await sealSecret(tenantId, code),
});

async function view(link: StoredBookingLink): Promise<BookingLink> {
  const key = await bookingLinkKey(link.tenantId);
  return {
    id: link.id,
    facilityId: link.facilityId,
    label: link.label,
    carrierId: link.carrierId,
    carrierName: link.carrierName,
    token: linkToken(key, link.id, signed(link)),
    expiresAt: link.expiresAt,
    revokedAt: link.revokedAt,
    createdAt: link.createdAt,
    createdBy: link.createdBy,
    revision: link.revision,
  };
}

export async function createBookingLink(
  tenantId: string,
  input: z.output<typeof bookingLinkInputSchema>,
  actor: Actor,
  now = new Date(),
): Promise<BookingLinkWithCode> {
  const facility = await resolveFacility(tenantId, input.facilityId);
  const carrier = input.carrierId ? await getCarrier(tenantId, input.carrierId) : null;
  if (input.carrierId && !carrier)
    throw new BadRequestError(BOOKING_LINK_TEXTS.carrierUnknown, { carrierId: BOOKING_LINK_TEXTS.carrierUnknown });
  const id = newBookingLinkId();
  const code = newCode();
  const link: StoredBookingLink = {
    id,
    tenantId,
    facilityId: facility.id,
    label: input.label,
    carrierId: carrier?.id ?? null,
    carrierName: carrier?.name ?? null,
    ...(await keptCode(tenantId, id, code)),
    expiresAt: new Date(now.getTime() + input.validDays * DAY_MS).toISOString(),
    revokedAt: null,
    failedAttempts: 0,
    lockedUntil: null,
    createdAt: now.toISOString(),
    createdBy: actor.username,
    revision: 1,
  };
  await putNewBookingLink(link, actor, now);
  return { link: await view(link), code };
}

export async function listBookingLinks(tenantId: string, facilityId: string): Promise<BookingLink[]> {
  const facility = await resolveFacility(tenantId, facilityId);
  return Promise.all((await listFacilityBookingLinks(tenantId, facility.id)).map(view));
}

/** The tenant's link; another tenant's link is not found, as if it did not exist. */
async function ownLink(tenantId: string, id: string): Promise<StoredBookingLink> {
  const link = await getBookingLink(id);
  if (!link || link.tenantId !== tenantId) throw new NotFoundError('Booking link not found');
  return link;
}

export async function revokeBookingLink(tenantId: string, id: string, actor: Actor, now = new Date()) {
  const link = await ownLink(tenantId, id);
  if (link.revokedAt) throw new HttpError(409, BOOKING_LINK_TEXTS.alreadyRevoked);
  return view(await changeBookingLink(link, { revokedAt: now.toISOString() }, actor, now));
}

/** A new code for the link (the old one stops working at once), shown this once. */
export async function regenerateCode(
  tenantId: string,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<BookingLinkWithCode> {
  const link = await ownLink(tenantId, id);
  if (link.revokedAt) throw new HttpError(409, BOOKING_LINK_TEXTS.alreadyRevoked);
  const code = newCode();
  const changed = await changeBookingLink(link, await keptCode(tenantId, id, code), actor, now);
  return { link: await view(changed), code };
}

/**
 * Sends the link and its current code by SMS or WhatsApp, as often as staff like (issue #53: no new code
 * needed); the link carries the message's language, which the page opens in. WhatsApp only to a number
 * that agreed to it: otherwise refused, never sent by SMS instead. A message the channel did not carry
 * (no DLT registration, the number opted out, the provider refused it) is an error with its reason.
 */
export async function sendBookingLink(
  tenantId: string,
  id: string,
  input: z.output<typeof bookingLinkSendSchema>,
  origin: string,
  now = new Date(),
): Promise<BookingLinkSent> {
  const link = await ownLink(tenantId, id);
  assertInForce(link, now);
  if (!link.codeSealed) throw new HttpError(409, BOOKING_LINK_TEXTS.noCodeToSend);
  const to = toIndianE164(input.mobileNumber) ?? input.mobileNumber;
  if (input.channel === 'whatsapp' && !(await messagingAllowed(tenantId, to)).whatsapp)
    throw new BadRequestError(BOOKING_LINK_TEXTS.noWhatsapp, { channel: BOOKING_LINK_TEXTS.noWhatsapp });
  const [key, code, facility] = await Promise.all([
    bookingLinkKey(tenantId),
    openSecret(tenantId, link.codeSealed),
    getFacility(tenantId, link.facilityId),
  ]);
  const token = linkToken(key, id, signed(link));
  const outcome = await sendMessage(
    {
      channel: input.channel,
      tenantId,
      to,
      language: input.language,
      template: 'booking_link',
      values: {
        hub: (facility?.name ?? '').slice(0, 30),
        bookingLink: `${origin}/book/${token}?${LINK_LANGUAGE_PARAM}=${input.language}`,
        code,
      },
    },
    now,
  );
  if (outcome?.status !== 'sent' && outcome?.status !== 'delivered')
    throw new HttpError(422, `The booking link could not be sent. ${outcome?.reason ?? ''}`);
  return { message: 'Booking link sent', channel: input.channel, to };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function assertInForce(link: StoredBookingLink, now: Date) {
  if (link.revokedAt) throw new HttpError(410, BOOKING_LINK_TEXTS.revoked);
  if (Date.parse(link.expiresAt) <= now.getTime()) throw new HttpError(410, BOOKING_LINK_TEXTS.expired);
}

/**
 * The link of a token, in force, opened with its right code; a wrong code is counted, and the
 * CODE_ATTEMPTS-th in a row locks the link for CODE_LOCK_MINUTES (the same neutral text for every
 * wrong code, so a guesser learns nothing but "locked").
 */
export async function openWithCode(
  token: string,
  code: string,
  now = new Date(),
): Promise<{ link: StoredBookingLink; facility: Facility }> {
  const link = await signedLinkInForce(token, now);
  const lockedFor = link.lockedUntil ? Date.parse(link.lockedUntil) - now.getTime() : 0;
  if (lockedFor > 0) throw new TooManyRequestsError(BOOKING_LINK_TEXTS.locked, Math.ceil(lockedFor / 1000));
  const key = await bookingLinkKey(link.tenantId);
  if (!sameHash(link.codeHash, codeHash(key, link.id, code))) {
    const locked = await countWrongCode(
      link.id,
      CODE_ATTEMPTS,
      new Date(now.getTime() + CODE_LOCK_MINUTES * 60_000).toISOString(),
    );
    if (locked) throw new TooManyRequestsError(BOOKING_LINK_TEXTS.locked, CODE_LOCK_MINUTES * 60);
    throw new BadRequestError(BOOKING_LINK_TEXTS.wrongCode, { code: BOOKING_LINK_TEXTS.wrongCode });
  }
  if (link.failedAttempts > 0) await clearWrongCodes(link.id);
  return withActiveFacility(link);
}

/** The link a token names, when the token is its own (signed with the tenant's key) and the link is in force. */
async function signedLinkInForce(token: string, now: Date): Promise<StoredBookingLink> {
  const id = linkIdOf(token);
  const link = id ? await getBookingLink(id) : null;
  if (!link || !linkTokenMatches(await bookingLinkKey(link.tenantId), token, signed(link)))
    throw new NotFoundError(BOOKING_LINK_TEXTS.invalid);
  assertInForce(link, now);
  return link;
}

/** The link with its facility, while the facility is active (otherwise the link opens nothing). */
async function withActiveFacility(link: StoredBookingLink): Promise<{ link: StoredBookingLink; facility: Facility }> {
  const facility = await getFacility(link.tenantId, link.facilityId);
  if (!facility?.isActive) throw new NotFoundError(BOOKING_LINK_TEXTS.invalid);
  return { link, facility };
}

/**
 * The link of a token whose code was given right earlier in the same chat (issue #56): the chat keeps the
 * token, never the code, and books through the link only while it is still in force.
 */
export async function linkInForce(
  token: string,
  now = new Date(),
): Promise<{ link: StoredBookingLink; facility: Facility }> {
  return withActiveFacility(await signedLinkInForce(token, now));
}

/** The page's header and booking form once the code is right: the fields hidden from carriers are left out. */
export async function openedLink(link: StoredBookingLink, facility: Facility): Promise<OpenedBookingLink> {
  const [tenant, setup] = await Promise.all([getTenant(link.tenantId), bookingSetup(facility)]);
  return {
    label: link.label,
    tenantName: tenant?.name ?? '',
    facilityName: facility.name,
    timeZone: facility.timeZone,
    carrierName: link.carrierName,
    expiresAt: link.expiresAt,
    privacyContact: facility.contactPhone ?? facility.contactEmail ?? null,
    setup: { ...setup, fields: setup.fields.filter((f) => !f.hiddenFromCarriers) },
  };
}

/** A booking through the link: the guest path, recorded as the link's (and its carrier's, if any). */
export function bookThroughLink(
  link: StoredBookingLink,
  facility: Facility,
  input: z.output<typeof guestBookingSchema>,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<GuestBookingConfirmation> {
  return bookGuestSlot(facility, input, idempotencyKey, now, {
    bookingLinkId: link.id,
    carrierId: link.carrierId,
    carrierName: link.carrierName,
    actor: { userId: `booking-link:${link.id}`, username: `booking link "${link.label}"` },
  });
}

/**
 * How the confirmation of a booking through this link reached the guest (issue #53): the page asks
 * until it is sent or not sent, so it never claims an SMS that did not leave. Another link's booking
 * is not found, as if it did not exist.
 */
export async function confirmationDelivery(link: StoredBookingLink, reference: string): Promise<ConfirmationDelivery> {
  const appointment = await findByBookingReference(link.tenantId, reference);
  if (!appointment || appointment.bookingLinkId !== link.id) throw new NotFoundError('Booking not found');
  return guestConfirmationDelivery(appointment);
}

/** Whether the facility has a booking link in force (issue #53, the set-up checklist). */
export async function hasLinkInForce(tenantId: string, facilityId: string, now = new Date()): Promise<boolean> {
  const links = await listFacilityBookingLinks(tenantId, facilityId);
  return links.some((l) => !l.revokedAt && Date.parse(l.expiresAt) > now.getTime());
}
