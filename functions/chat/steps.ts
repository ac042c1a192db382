// The conversation's pure parts (issue #56): where a person is (the step), what they chose so far (the
// draft), how a message answers the question asked (a tapped id, the number of an option typed by SMS,
// its title typed out), the next days to offer on the hub's clock and the vehicle choices. No I/O here.
import { addDays, facilityClock } from '../../shared/time';
import type { Language } from '../../shared/contracts/messaging-templates';
import { VEHICLE_TYPES } from '../../shared/contracts/appointments-guest';
import type { FieldValue } from '../../shared/contracts/booking-fields';
import type { ChatContent, ChatReply } from './types';

export type MenuAction = 'book' | 'mine' | 'change' | 'cancel' | 'pass' | 'arrived' | 'language';
export const MENU_ACTIONS: readonly MenuAction[] = ['book', 'mine', 'change', 'cancel', 'pass', 'arrived', 'language'];

/** The booking fields asked one by one, in this order, each only when not known already. */
export const DETAIL_FIELDS = ['vehicleNumber', 'vehicle', 'driverName', 'driverLicense'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

export type Step =
  | { name: 'idle' }
  | { name: 'language' }
  | { name: 'menu' }
  | { name: 'linkCode' }
  | { name: 'hub' }
  | { name: 'quantity' }
  | { name: 'day' }
  | { name: 'start' }
  | { name: 'field'; field: DetailField }
  | { name: 'custom'; fieldId: string }
  | { name: 'capacity' }
  | { name: 'confirm' }
  | { name: 'pick'; purpose: 'change' | 'cancel' | 'pass' }
  | { name: 'changeDay'; appointmentId: string }
  | { name: 'changeStart'; appointmentId: string; date: string }
  | { name: 'cancelConfirm'; appointmentId: string }
  | { name: 'arrival' };

/** What a booking by chat has chosen so far. */
export interface Draft {
  facilityId?: string;
  /** A booking link's token (its code was right when given; the code itself is not kept). */
  linkToken?: string;
  typeId?: string | null;
  quantity?: number | null;
  date?: string;
  start?: string;
  slotId?: string;
  vehicleNumber?: string;
  vehicleType?: string;
  capacityTons?: number;
  driverName?: string;
  driverLicense?: string;
  /** The answers to the hub's own booking fields, by field id. */
  answers?: Record<string, FieldValue>;
}

export interface Conversation {
  tenantId: string;
  phone: string;
  /** Null until the person chose (or their driver record names it). */
  language: Language | null;
  step: Step;
  draft: Draft;
  /** The last question as sent: asked again when a reply answers nothing; its options ("2" by SMS: the second). */
  asked: ChatReply[];
  version: number;
  updatedAt: string;
}

/** A conversation silent this long starts again from the menu (WhatsApp's customer-service window). */
export const STALE_HOURS = 24;

export const newConversation = (tenantId: string, phone: string, language: Language | null): Conversation => ({
  tenantId,
  phone,
  language,
  step: { name: 'idle' },
  draft: {},
  asked: [],
  version: 0,
  updatedAt: new Date(0).toISOString(),
});

export const isStale = (c: Conversation, now: Date) =>
  now.getTime() - Date.parse(c.updatedAt) > STALE_HOURS * 3_600_000;

const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

const GREETINGS = ['hi', 'hii', 'hello', 'hey', 'menu', 'start', 'namaste', 'नमस्ते', 'नमस्कार', 'मेनू', 'हाय', 'हेलो'];
const LANGUAGE_WORDS = ['language', 'भाषा', 'bhasha'];

/** A word that, whatever was asked, means "show me the menu" or "change my language". */
export function globalWord(content: ChatContent): 'menu' | 'language' | null {
  if (content.kind !== 'text') return null;
  const t = normal(content.text).replace(/[!.?।]+$/, '');
  if (GREETINGS.includes(t)) return 'menu';
  if (LANGUAGE_WORDS.includes(t)) return 'language';
  return null;
}

/**
 * The option a message chose among those offered (ids, with their titles): a tapped reply's id, or
 * typed (an SMS) its number or its title; null: the message answers none of them.
 */
export function chosen(content: ChatContent, offered: { id: string; title: string }[]): string | null {
  if (content.kind === 'reply') return offered.some((o) => o.id === content.id) ? content.id : null;
  if (content.kind !== 'text') return null;
  const t = normal(content.text);
  const n = /^\d{1,2}$/.test(t) ? Number(t) : 0;
  if (n >= 1 && n <= offered.length) return offered[n - 1]!.id;
  return offered.find((o) => normal(o.title) === t)?.id ?? null;
}

/** The options a reply offers (buttons or list rows), in order. */
export function optionsOf(replies: ChatReply[]): { id: string; title: string }[] {
  return replies.flatMap((r) => (r.kind === 'buttons' ? r.buttons : r.kind === 'list' ? r.rows : []));
}

/** How many next days a booking offers (a list holds at most 10 rows). */
export const DAYS_OFFERED = 10;

/** The hub's next days from `now` on its own clock: today first (a day past midnight there is the next one). */
export function nextDays(timeZone: string, now: Date, count = DAYS_OFFERED): string[] {
  const today = facilityClock({ timeZone }, now).date;
  return Array.from({ length: count }, (_, i) => addDays(today, i));
}

/**
 * The vehicles a driver taps in one go (type and capacity together: issue #56's eight steps); "other"
 * asks the type and then the capacity. Only the types the appointment type takes (all when it names none).
 */
export const VEHICLE_CHOICES: readonly { type: (typeof VEHICLE_TYPES)[number]; tons: number }[] = [
  { type: 'Van', tons: 2 },
  { type: 'Truck', tons: 9 },
  { type: 'Truck', tons: 16 },
  { type: 'Truck', tons: 25 },
  { type: 'Trailer', tons: 32 },
  { type: 'Container', tons: 20 },
  { type: 'Container', tons: 30 },
  { type: 'Tanker', tons: 20 },
];
export const vehicleChoiceId = (c: { type: string; tons: number }) => `veh:${c.type}:${c.tons}`;
export function vehicleOfChoice(id: string): { type: string; tons: number } | null {
  const m = /^veh:([A-Za-z]+):(\d+)$/.exec(id);
  return m ? { type: m[1]!, tons: Number(m[2]) } : null;
}
export const vehicleChoicesFor = (allowed: readonly string[]) =>
  VEHICLE_CHOICES.filter((c) => !allowed.length || allowed.includes(c.type));

/** The booking fields still to ask, in order, given what the draft knows. */
export function fieldsToAsk(draft: Draft): DetailField[] {
  return DETAIL_FIELDS.filter((f) => {
    if (f === 'vehicle') return !draft.vehicleType || draft.capacityTons === undefined;
    return !draft[f];
  });
}

/** A booking link and its code in one message (the forwarded link message, or "<link> <code>"). */
export function linkAndCode(text: string): { token: string; code: string | null; language: Language | null } | null {
  const m = /\/book\/([A-Za-z0-9_.~-]{16,})(\?[^\s]*)?/.exec(text);
  if (!m) return null;
  const rest = text.replace(m[0], ' ');
  const code = /(?:^|\D)(\d{6})(?:\D|$)/.exec(rest);
  const lang = /[?&]lang=(en|hi)\b/.exec(m[2] ?? '')?.[1] as Language | undefined;
  return { token: m[1]!.replace(/[.~]+$/, ''), code: code ? code[1]! : null, language: lang ?? null };
}

/** A booking (confirmation) code typed in a message: its letters and digits, upper case. */
export function bookingCodeOf(text: string): string | null {
  const t = text.trim().toUpperCase().replace(/\s+/g, '');
  return /^[A-Z0-9-]{4,20}$/.test(t) ? t : null;
}

/** The days (YYYY-MM-DD) a driver is offered, as list rows' ids. */
export const dayId = (date: string) => `day:${date}`;
export const dateOfDayId = (id: string) => /^day:(\d{4}-\d{2}-\d{2})$/.exec(id)?.[1] ?? null;
export const startId = (time: string) => `start:${time}`;
export const timeOfStartId = (id: string) => /^start:(\d{2}:\d{2})$/.exec(id)?.[1] ?? null;
