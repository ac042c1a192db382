// Booking links (issue #32): staff's list, creation, revocation, new code and sending; the public
// page's opening with the access code, its holidays and slots, and its booking.
import * as z from 'zod/mini';
import { actorOf, json, parseBody, parseQuery, pathId, requireUser, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { BadRequestError } from '../lib/errors';
import { rateLimit } from '../lib/throttle';
import { appOrigin } from '../lib/signed-link';
import { listHolidays } from '../facilities';
import { guestBookingRequest, searchSlots } from '../appointments';
import { typedLoad } from '../appointment-types';
import { slotSearchQuerySchema } from '../../shared/contracts/slots';
import {
  ACCESS_CODE_HEADER,
  accessCode,
  BOOKING_LINK_TEXTS,
  bookingLinkCodeSchema,
  bookingLinkInputSchema,
  bookingLinkSendSchema,
} from '../../shared/contracts/booking-links';
import {
  bookThroughLink,
  confirmationDelivery,
  createBookingLink,
  listBookingLinks,
  openedLink,
  openWithCode,
  regenerateCode,
  revokeBookingLink,
  sendBookingLink,
} from './booking-links';
import { bookingLinksRoutes } from '../../shared/routes/booking-links';

/** The public page is used by hand: a few dozen calls a minute per address; a guesser meets the code lock first. */
export const BOOK_PAGE_LIMIT = { limit: 120, windowSeconds: 60 };
const TOO_MANY = 'Too many attempts from this network. Please try again later.';

/** The link the page was opened with and the code it sends with each call after the first. */
async function opened(req: ApiRequest) {
  await rateLimit(`book-link:${req.ip}`, BOOK_PAGE_LIMIT, TOO_MANY);
  const token = req.params.token ?? '';
  const header = req.event.headers?.[ACCESS_CODE_HEADER];
  const code = accessCode.safeParse(header);
  if (!code.success) throw new BadRequestError(BOOKING_LINK_TEXTS.codeFormat, { code: BOOKING_LINK_TEXTS.codeFormat });
  return openWithCode(token.slice(0, 64), code.data);
}

const listQuery = z.object({
  facilityId: z.string({ error: 'Please select a facility' }).check(z.trim(), z.minLength(1), z.maxLength(64)),
});
/** A day, and the load to fit when the booker has chosen an appointment type (and its quantity). */
const dayQuery = z.pick(slotSearchQuerySchema, { date: true, typeId: true, quantity: true });

export const { handler, actions, routes } = defineFunction('booking-links', bookingLinksRoutes, {
  async listLinks(req) {
    const { user } = requireUser(req);
    return json(await listBookingLinks(user.tenantId, parseQuery(req, listQuery).facilityId));
  },

  async createLink(req) {
    const signedIn = requireUser(req);
    const input = parseBody(req, bookingLinkInputSchema);
    return json(await createBookingLink(signedIn.user.tenantId, input, actorOf(signedIn)), 201);
  },

  async revokeLink(req) {
    const signedIn = requireUser(req);
    return json(await revokeBookingLink(signedIn.user.tenantId, pathId(req, 'id', 'Booking link'), actorOf(signedIn)));
  },

  async newCode(req) {
    const signedIn = requireUser(req);
    return json(await regenerateCode(signedIn.user.tenantId, pathId(req, 'id', 'Booking link'), actorOf(signedIn)));
  },

  async sendLink(req) {
    const { user } = requireUser(req);
    const input = parseBody(req, bookingLinkSendSchema);
    // The SPA's own origin; without one configured, the page staff send from (same host as the SPA).
    const host = req.event.headers?.['x-forwarded-host'] ?? req.event.headers?.host;
    const origin =
      appOrigin() ??
      req.event.headers?.origin ??
      `${/^(localhost|127\.)/.test(host ?? '') ? 'http' : 'https'}://${host}`;
    return json(await sendBookingLink(user.tenantId, pathId(req, 'id', 'Booking link'), input, origin));
  },

  /** The page's first call: the code in the body; the answer names the facility and its booking form. */
  async openLink(req) {
    await rateLimit(`book-link:${req.ip}`, BOOK_PAGE_LIMIT, TOO_MANY);
    const { code } = parseBody(req, bookingLinkCodeSchema);
    const { link, facility } = await openWithCode((req.params.token ?? '').slice(0, 64), code);
    return json(await openedLink(link, facility));
  },

  async holidays(req) {
    const { facility } = await opened(req);
    return json(await listHolidays(facility.tenantId, facility.id));
  },

  async slots(req) {
    const { facility } = await opened(req);
    const { date, typeId, quantity } = parseQuery(req, dayQuery);
    return json(await searchSlots(facility, date, await typedLoad(facility, typeId, quantity ?? null)));
  },

  async book(req) {
    const { link, facility } = await opened(req);
    const { input, key } = guestBookingRequest(req);
    return json(await bookThroughLink(link, facility, input, key), 201);
  },

  /** How the booking's confirmation went (issue #53): asked by the page until it is sent or not sent. */
  async delivery(req) {
    const { link } = await opened(req);
    const reference = z.string().check(z.trim(), z.minLength(1), z.maxLength(20)).safeParse(req.params.reference);
    if (!reference.success) throw new BadRequestError('Booking not found');
    return json(await confirmationDelivery(link, reference.data));
  },
});
