// Booking by chat (issue #56): the hub and appointment type in one list (a known driver's hubs, or the
// hub of a booking link whose code they sent), the quantity when the type counts one, a day among the
// next ones on the hub's clock, a start offered by the one slot search, the booking fields not known yet
// one by one with the booking form's own validation, a summary and confirm. The booking itself is the
// guest path every booking link takes (appointments' bookGuestSlot / booking-links' bookThroughLink).
import { createHash } from 'node:crypto';
import { ConflictError } from '../lib/errors';
import { appOrigin } from '../lib/signed-link';
import { ensureFacilityLink, getFacility, listFacilities, resolveFacility, type Facility } from '../facilities';
import { bookingSetup, typedLoad } from '../appointment-types';
import { bookGuestSlot, searchSlots } from '../appointments';
import { bookThroughLink, linkInForce, openWithCode } from '../booking-links';
import { guestBookingSchema, VEHICLE_TYPES } from '../../shared/contracts/appointments-guest';
import { NOTICE_VERSION } from '../../shared/contracts/privacy-notice';
import { quantityProblem } from '../../shared/contracts/appointment-types';
import type { GuestBookingConfirmation } from '../../shared/contracts/appointments-guest';
import type { ChatReply } from './types';
import {
  chosen,
  dateOfDayId,
  dayId,
  fieldsToAsk,
  linkAndCode,
  nextDays,
  optionsOf,
  startId,
  timeOfStartId,
  vehicleChoiceId,
  vehicleChoicesFor,
  vehicleOfChoice,
  type DetailField,
  type Draft,
} from './steps';
import { appointmentsOfNumber } from './people';
import { customFieldsToAsk, fieldAnswer, fieldQuestion as customQuestion } from './flows-fields';
import { dayLabel, vehicleLabel, vehicleTypeName } from './texts';
import { buttons, list, refusal, text, type Outcome, type Turn } from './turn';

const again = (turn: Turn): Outcome => ({
  step: turn.conversation.step,
  replies: turn.conversation.asked,
  asked: turn.conversation.asked,
});

/** What the driver is known to bring already: their record's name and licence, their last booking's vehicle. */
async function knownDetails(turn: Turn): Promise<Draft> {
  const { tenantId, phone } = turn.message;
  const last = (await appointmentsOfNumber(tenantId, phone, turn.person)).filter((a) => a.vehicleLicense).at(-1);
  const driver = turn.person.driver;
  return {
    ...(last?.vehicleLicense && { vehicleNumber: last.vehicleLicense }),
    ...(last?.guest?.vehicleType && { vehicleType: last.guest.vehicleType }),
    ...(last?.guest?.capacityTons !== undefined && { capacityTons: last.guest.capacityTons }),
    ...((driver?.name ?? last?.driverName) && { driverName: driver?.name ?? last?.driverName ?? undefined }),
    ...((driver?.licenseNumber ?? last?.guest?.driverLicense) && {
      driverLicense: driver?.licenseNumber ?? last?.guest?.driverLicense,
    }),
  };
}

/** Book from the menu: a known driver chooses among the tenant's hubs; anyone else sends a booking link. */
export async function startBooking(turn: Turn): Promise<Outcome> {
  if (!turn.person.driver)
    return {
      step: { name: 'linkCode' },
      draft: {},
      replies: [text(turn.t.unknownNumber), ...(await publicLink(turn))],
    };
  const hubs = (await listFacilities(turn.message.tenantId)).filter((f) => f.isActive);
  return askHub(turn, hubs, await knownDetails(turn));
}

/** The tenant's main hub's public booking page, for a number that has no booking link (none without an origin). */
async function publicLink(turn: Turn): Promise<ChatReply[]> {
  const origin = appOrigin();
  if (!origin) return [];
  const facility = await resolveFacility(turn.message.tenantId, 'default').catch(() => null);
  if (!facility?.isActive) return [];
  const link = await ensureFacilityLink(facility.tenantId, facility.id);
  return [text(turn.t.facilityLink(`${origin}/book/${link.token}`))];
}

/** The hub and type as one list (one tap): "Bhiwandi DC · Pallet inbound"; skipped when there is one. */
async function askHub(turn: Turn, hubs: Facility[], draft: Draft): Promise<Outcome> {
  const setups = await Promise.all(hubs.map(async (hub) => ({ hub, types: (await bookingSetup(hub)).types })));
  const rows = setups.flatMap(({ hub, types }) =>
    types.length
      ? types.map((type) => ({
          id: `hub:${hub.id}:${type.id}`,
          title: hub.name,
          description: turn.language === 'hi' && type.nameHi ? type.nameHi : type.name,
        }))
      : [{ id: `hub:${hub.id}:`, title: hub.name }],
  );
  if (rows.length === 1) return onHubChosen(turn, rows[0]!.id, draft);
  if (!rows.length) return { step: { name: 'menu' }, draft: {}, replies: [text(turn.t.noStarts)] };
  // More pairs than a list holds: the hub first, its types next.
  const shown = rows.length <= 10 ? rows : hubs.map((hub) => ({ id: `hub:${hub.id}:*`, title: hub.name }));
  const question = list(turn.t.chooseHub, turn.t.hubButton, shown);
  return { step: { name: 'hub' }, draft, replies: [question] };
}

export async function onHub(turn: Turn): Promise<Outcome> {
  const id = chosen(turn.message.content, optionsOf(turn.conversation.asked));
  return id ? onHubChosen(turn, id, turn.conversation.draft) : again(turn);
}

async function onHubChosen(turn: Turn, id: string, draft: Draft): Promise<Outcome> {
  const [, facilityId, typeId] = id.split(':');
  if (typeId === '*') return askHub(turn, [await facilityOf(turn, { facilityId })], draft);
  const next: Draft = { ...draft, facilityId, typeId: typeId || null, quantity: null };
  const facility = await facilityOf(turn, next);
  const type = next.typeId ? (await bookingSetup(facility)).types.find((t) => t.id === next.typeId) : null;
  if (type && quantityProblem(type.durationRule, null))
    return { step: { name: 'quantity' }, draft: next, replies: [text(turn.t.enterQuantity)] };
  return askDay(turn, next);
}

/** A booking link (with its code, or the code next): the link's hub only, its types to choose from. */
export async function onLinkCode(turn: Turn): Promise<Outcome> {
  const { content, tenantId } = turn.message;
  if (content.kind !== 'text') return again(turn);
  const sent = linkAndCode(content.text);
  const token = sent?.token ?? turn.conversation.draft.linkToken;
  const code = sent ? sent.code : (/^\s*(\d{6})\s*$/.exec(content.text)?.[1] ?? null);
  if (!token) return again(turn);
  if (!code) return { step: { name: 'linkCode' }, draft: { linkToken: token }, replies: [text(turn.t.linkNeedsCode)] };
  try {
    const { link, facility } = await openWithCode(token, code, turn.now);
    if (link.tenantId !== tenantId)
      throw new ConflictError('This booking link is not valid. Ask the facility for a new link.');
    return await askHub(turn, [facility], { ...(await knownDetails(turn)), linkToken: token });
  } catch (err) {
    return { step: { name: 'linkCode' }, draft: { linkToken: token }, replies: [text(refusal(err, turn))] };
  }
}

async function facilityOf(turn: Turn, draft: Draft): Promise<Facility> {
  const facility = draft.facilityId ? await getFacility(turn.message.tenantId, draft.facilityId) : null;
  if (!facility?.isActive) throw new ConflictError('Facility not found');
  return facility;
}

export async function onQuantity(turn: Turn): Promise<Outcome> {
  const { content } = turn.message;
  const quantity = content.kind === 'text' && /^\s*\d{1,6}\s*$/.test(content.text) ? Number(content.text) : null;
  if (quantity === null) return again(turn);
  const draft = { ...turn.conversation.draft, quantity };
  try {
    await typedLoad(await facilityOf(turn, draft), draft.typeId, quantity);
  } catch (err) {
    return { step: { name: 'quantity' }, replies: [text(refusal(err, turn)), text(turn.t.enterQuantity)] };
  }
  return askDay(turn, draft);
}

const startsOn = async (facility: Facility, draft: Draft, date: string, now: Date) =>
  searchSlots(facility, date, await typedLoad(facility, draft.typeId, draft.quantity), now);

/** The next days on the hub's clock that have a free start, each with its first one. */
async function askDay(turn: Turn, draft: Draft): Promise<Outcome> {
  const facility = await facilityOf(turn, draft);
  const days = nextDays(facility.timeZone, turn.now);
  const starts = await Promise.all(days.map((date) => startsOn(facility, draft, date, turn.now)));
  const rows = days.flatMap((date, i) =>
    starts[i]!.length
      ? [
          {
            id: dayId(date),
            title: dayLabel(date, turn.language),
            description: turn.t.startsFrom(starts[i]![0]!.startTime, starts[i]!.length),
          },
        ]
      : [],
  );
  if (!rows.length) return { step: { name: 'menu' }, draft: {}, replies: [text(turn.t.noStarts)] };
  return { step: { name: 'day' }, draft, replies: [list(turn.t.chooseDay, turn.t.dayButton, rows)] };
}

export async function onDay(turn: Turn): Promise<Outcome> {
  const date = dateOfDayId(chosen(turn.message.content, optionsOf(turn.conversation.asked)) ?? '');
  if (!date) return again(turn);
  return askStart(turn, { ...turn.conversation.draft, date }, turn.t.chooseStart(dayLabel(date, turn.language)));
}

async function askStart(turn: Turn, draft: Draft, body: string): Promise<Outcome> {
  const facility = await facilityOf(turn, draft);
  const starts = await startsOn(facility, draft, draft.date!, turn.now);
  if (!starts.length) return askDay(turn, draft);
  const rows = starts.slice(0, 10).map((s) => ({ id: startId(s.startTime), title: `${s.startTime}–${s.endTime}` }));
  return { step: { name: 'start' }, draft, replies: [list(body, turn.t.startButton, rows)] };
}

export async function onStart(turn: Turn): Promise<Outcome> {
  const start = timeOfStartId(chosen(turn.message.content, optionsOf(turn.conversation.asked)) ?? '');
  if (!start) return again(turn);
  const draft = turn.conversation.draft;
  const facility = await facilityOf(turn, draft);
  const slot = (await startsOn(facility, draft, draft.date!, turn.now)).find((s) => s.startTime === start);
  if (!slot) return askStart(turn, draft, turn.t.slotTaken);
  return askField(turn, { ...draft, start, slotId: slot.id });
}

/** The next booking field not known yet (the form's, then the hub's own), or the summary once all are. */
async function askField(turn: Turn, draft: Draft): Promise<Outcome> {
  const field = fieldsToAsk(draft)[0];
  if (field) return { step: { name: 'field', field }, draft, replies: [await fieldQuestion(turn, draft, field)] };
  const own = await hubFieldsToAsk(turn, draft);
  if (!own.length) return summary(turn, draft);
  return { step: { name: 'custom', fieldId: own[0]!.id }, draft, replies: [customQuestion(own[0]!, turn.language)] };
}

const hubFieldsToAsk = async (turn: Turn, draft: Draft) =>
  customFieldsToAsk(
    (await bookingSetup(await facilityOf(turn, draft))).fields,
    draft.typeId ?? null,
    draft.answers ?? {},
  );

/** An answer to one of the hub's own fields. */
export async function onCustom(turn: Turn, fieldId: string): Promise<Outcome> {
  const draft = turn.conversation.draft;
  const field = (await hubFieldsToAsk(turn, draft)).find((f) => f.id === fieldId);
  if (!field) return askField(turn, draft);
  const answer = fieldAnswer(field, turn.message.content, turn.language);
  if (!answer) return again(turn);
  if ('problem' in answer)
    return {
      step: turn.conversation.step,
      replies: [text(answer.problem), ...turn.conversation.asked],
      asked: turn.conversation.asked,
    };
  return askField(turn, { ...draft, answers: { ...draft.answers, [field.id]: answer.value } });
}

async function fieldQuestion(turn: Turn, draft: Draft, field: DetailField): Promise<ChatReply> {
  const t = turn.t;
  if (field === 'vehicleNumber') return text(t.askVehicleNumber);
  if (field === 'driverName') return text(t.askDriverName);
  if (field === 'driverLicense') return text(t.askDriverLicense);
  const facility = await facilityOf(turn, draft);
  const type = draft.typeId ? (await bookingSetup(facility)).types.find((x) => x.id === draft.typeId) : null;
  const rows = vehicleChoicesFor(type?.vehicleTypes ?? [])
    .slice(0, 9)
    .map((c) => ({ id: vehicleChoiceId(c), title: vehicleLabel(c.type, c.tons, turn.language) }));
  return list(t.chooseVehicle, t.vehicleButton, [...rows, { id: 'veh:other', title: t.otherVehicle }]);
}

/** One field's answer, checked by the booking form's own schema (its texts, translated). */
export async function onField(turn: Turn, field: DetailField): Promise<Outcome> {
  const { content } = turn.message;
  const draft = turn.conversation.draft;
  if (field === 'vehicle') return onVehicle(turn, draft);
  if (content.kind !== 'text') return again(turn);
  const key = field === 'vehicleNumber' ? 'vehicleNumber' : field;
  const parsed = guestBookingSchema.shape[key].safeParse(content.text);
  if (!parsed.success) {
    const said = refusalText(turn, parsed.error.issues[0]?.message);
    return {
      step: turn.conversation.step,
      replies: [text(said), ...turn.conversation.asked],
      asked: turn.conversation.asked,
    };
  }
  return askField(turn, { ...draft, [field]: parsed.data });
}

const refusalText = (turn: Turn, message: string | undefined) =>
  refusal(new ConflictError(message ?? 'Please fill in all required fields and select a time slot'), turn);

async function onVehicle(turn: Turn, draft: Draft): Promise<Outcome> {
  const id = chosen(turn.message.content, optionsOf(turn.conversation.asked));
  if (!id) return again(turn);
  if (id === 'veh:other') {
    const rows = VEHICLE_TYPES.map((type) => ({ id: `vt:${type}`, title: vehicleTypeName(type, turn.language) }));
    return {
      step: { name: 'field', field: 'vehicle' },
      draft,
      replies: [list(turn.t.askVehicleType, turn.t.vehicleButton, rows)],
    };
  }
  if (id.startsWith('vt:'))
    return {
      step: { name: 'capacity' },
      draft: { ...draft, vehicleType: id.slice(3) },
      replies: [text(turn.t.askCapacity)],
    };
  const vehicle = vehicleOfChoice(id);
  if (!vehicle) return again(turn);
  return askField(turn, { ...draft, vehicleType: vehicle.type, capacityTons: vehicle.tons });
}

export async function onCapacity(turn: Turn): Promise<Outcome> {
  const { content } = turn.message;
  if (content.kind !== 'text') return again(turn);
  const parsed = guestBookingSchema.shape.capacityTons.safeParse(content.text.replace(/[^\d.]/g, '') || content.text);
  if (!parsed.success)
    return {
      step: { name: 'capacity' },
      replies: [text(refusalText(turn, parsed.error.issues[0]?.message)), text(turn.t.askCapacity)],
    };
  return askField(turn, { ...turn.conversation.draft, capacityTons: parsed.data });
}

async function summary(turn: Turn, draft: Draft): Promise<Outcome> {
  const facility = await facilityOf(turn, draft);
  const slot = (await startsOn(facility, draft, draft.date!, turn.now)).find((s) => s.startTime === draft.start);
  const body = [
    turn.t.summary({
      hub: facility.name,
      day: dayLabel(draft.date!, turn.language),
      start: draft.start!,
      end: slot?.endTime ?? '',
      vehicle: `${draft.vehicleNumber} · ${vehicleLabel(draft.vehicleType!, draft.capacityTons!, turn.language)}`,
      driver: `${draft.driverName} · ${draft.driverLicense}`,
    }),
    turn.t.consentNote,
  ].join('\n\n');
  const question = buttons(body, [
    { id: 'confirm:yes', title: turn.t.confirm },
    { id: 'confirm:details', title: turn.t.changeDetails },
  ]);
  return { step: { name: 'confirm' }, draft, replies: [question] };
}

export async function onConfirm(turn: Turn): Promise<Outcome> {
  const id = chosen(turn.message.content, optionsOf(turn.conversation.asked));
  const draft = turn.conversation.draft;
  if (id === 'confirm:details') {
    const { vehicleNumber: _v, vehicleType: _t, capacityTons: _c, ...rest } = draft;
    const known = turn.person.driver ? rest : { ...rest, driverName: undefined, driverLicense: undefined };
    return askField(turn, known);
  }
  if (id !== 'confirm:yes') return again(turn);
  try {
    const booked = await book(turn, draft);
    return { step: { name: 'idle' }, draft: {}, replies: confirmationReplies(turn, booked), asked: [] };
  } catch (err) {
    // The start was taken while the driver chose (the booking's conflict): the next starts of the day.
    if (err instanceof ConflictError) return askStart(turn, draft, `${refusal(err, turn)}\n${turn.t.slotTaken}`);
    return {
      step: { name: 'confirm' },
      replies: [text(refusal(err, turn)), ...turn.conversation.asked],
      asked: turn.conversation.asked,
    };
  }
}

/** The booking: through the link for a link's driver, else the guest path for the known driver's carrier. */
async function book(turn: Turn, draft: Draft): Promise<GuestBookingConfirmation> {
  const { message, now, language, person } = turn;
  const facility = await facilityOf(turn, draft);
  const input = guestBookingSchema.parse({
    ownerType: 'Driver',
    vehicleNumber: draft.vehicleNumber,
    vehicleType: draft.vehicleType,
    capacityTons: draft.capacityTons,
    driverName: draft.driverName,
    driverLicense: draft.driverLicense,
    mobileNumber: message.phone,
    quantity: draft.quantity ?? null,
    typeId: draft.typeId ?? null,
    fields: draft.answers ?? {},
    expectedArrivalDate: now.toISOString(),
    slotId: draft.slotId,
    language,
    ...(draft.linkToken ? { facility: `${facility.tenantId}/${facility.id}` } : {}),
    // Confirming in the chat agrees to the notice and to messages about the booking on the chat's channel.
    consent: {
      noticeVersion: NOTICE_VERSION,
      language,
      messaging: { sms: message.channel === 'sms', whatsapp: message.channel === 'whatsapp' },
    },
  });
  // The message's id makes the booking's Idempotency-Key: a redelivered confirm books once.
  const key = `chat-${createHash('sha256').update(message.providerMessageId).digest('base64url').slice(0, 40)}`;
  if (draft.linkToken) {
    const { link, facility: linkFacility } = await linkInForce(draft.linkToken, now);
    return bookThroughLink(link, linkFacility, input, key, now);
  }
  return bookGuestSlot(facility, input, key, now, {
    bookingLinkId: null,
    driverId: person.driver?.id ?? null,
    carrierId: person.carrier?.id ?? null,
    carrierName: person.carrier?.name ?? null,
    actor: { userId: `driver:${person.driver?.id ?? ''}`, username: `${person.driver?.name ?? 'driver'} (chat)` },
  });
}

/** The pass link and its QR image, as a reply carries them (none without the app's origin). */
export function passReplies(turn: Turn, passToken: string | null, code: string): ChatReply[] {
  const origin = appOrigin();
  if (!origin || !passToken) return [];
  return [
    text(turn.t.passLink(`${origin}/pass/${passToken}`)),
    { kind: 'image', link: `${origin}/api/passes/${passToken}/qr`, caption: turn.t.passCaption(code) },
  ];
}

function confirmationReplies(turn: Turn, booked: GuestBookingConfirmation): ChatReply[] {
  if (booked.awaitingApproval) return [text(turn.t.awaitingApproval(booked.confirmationCode))];
  return [
    text(
      turn.t.booked({
        code: booked.confirmationCode,
        hub: booked.facilityName,
        day: dayLabel(booked.slotDate, turn.language),
        start: booked.startTime,
        door: booked.doorNumber,
      }),
    ),
    ...passReplies(turn, booked.passLink, booked.confirmationCode),
  ];
}
