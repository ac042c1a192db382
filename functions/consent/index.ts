// What other domains may use of consent (docs/architecture.md §1): recording the consent a form sends,
// the channel rules the messaging channel choice honours, a person's history and their choices link.
import { appOrigin, checkLink, newLinkId, linkIdOf, signLink } from '../lib/signed-link';
import { ConflictError, NotFoundError } from '../lib/errors';
import { transact } from '../lib/dynamo';
import type { Actor } from '../lib/audit';
import {
  CHOICES_LINK,
  ensureChoicesLink,
  getChoicesLink,
  getCurrentChoices,
  listConsentRecords,
  consentItems,
  saveConsent,
  type CurrentChoices,
} from './consent.store';
import { choicesAfterGiving, choicesAfterWithdrawing, NO_CHOICES, personOf, purposesGiven } from './rules';
import { randomUUID } from 'node:crypto';
import { NOTICE_VERSION } from '../../shared/contracts/privacy-notice';
import type {
  Consent,
  ConsentChannel,
  ConsentPurpose,
  ConsentRecord,
  PrivacyChoices,
} from '../../shared/contracts/privacy-notice';

/**
 * The items that record the consent a form sent with the person's number, for the transaction that
 * saves the data it came with (so no message goes out before the consent is on record); none for a
 * number that is no mobile number, or no consent sent.
 */
export async function consentPuts(
  tenantId: string,
  phone: string | null | undefined,
  consent: Consent | undefined,
  channel: ConsentChannel,
  actor: Actor | null,
  now = new Date(),
) {
  const person = phone ? personOf(tenantId, phone) : null;
  if (!person || !consent) return [];
  const before = await getCurrentChoices(tenantId, person);
  const given = purposesGiven(consent);
  const record: ConsentRecord = {
    at: now.toISOString(),
    noticeVersion: consent.noticeVersion,
    channel,
    language: consent.language,
    purposes: given,
    withdrawn: [],
  };
  const current: CurrentChoices = {
    choices: choicesAfterGiving(before?.choices ?? NO_CHOICES, consent),
    withdrawn: (before?.withdrawn ?? []).filter((p) => !given.includes(p)),
    language: consent.language,
    updatedAt: record.at,
  };
  return consentItems(tenantId, person, record, current, actor, randomUUID());
}

/** Records a form's consent on its own (the data it came with is saved by another domain's write). */
export async function recordConsent(...args: Parameters<typeof consentPuts>): Promise<void> {
  const items = await consentPuts(...args);
  if (items.length) await transact(items, () => new Error('A consent record has no condition'));
}

/** Which channels the person's choices let the channel choice use: WhatsApp only once agreed, SMS unless withdrawn. */
export async function messagingAllowed(tenantId: string, phone: string): Promise<{ whatsapp: boolean; sms: boolean }> {
  const person = personOf(tenantId, phone);
  const current = person ? await getCurrentChoices(tenantId, person) : null;
  return { whatsapp: current?.choices.whatsapp ?? false, sms: !current?.withdrawn.includes('sms') };
}

/** Whether the person withdrew a purpose (the chat stays silent on a channel they withdrew: issue #56). */
export async function hasWithdrawn(tenantId: string, phone: string, purpose: ConsentPurpose): Promise<boolean> {
  const person = personOf(tenantId, phone);
  const current = person ? await getCurrentChoices(tenantId, person) : null;
  return current?.withdrawn.includes(purpose) ?? false;
}

/** The person's consent history, oldest first. */
export async function consentHistory(tenantId: string, phone: string | null | undefined): Promise<ConsentRecord[]> {
  const person = phone ? personOf(tenantId, phone) : null;
  return person ? listConsentRecords(tenantId, person) : [];
}

/** How long a choices link sent in a message opens the page (each message carries a fresh token). */
const CHOICES_LINK_DAYS = 30;

/**
 * A token of the person's choices link (`/privacy/choices/<token>`), one link per person and tenant,
 * valid CHOICES_LINK_DAYS from now; null: no mobile number.
 */
export async function choicesToken(tenantId: string, phone: string, now = new Date()): Promise<string | null> {
  const person = personOf(tenantId, phone);
  if (!person) return null;
  const id = await ensureChoicesLink(tenantId, person, newLinkId());
  const expiresAt = new Date(now.getTime() + CHOICES_LINK_DAYS * 86_400_000);
  return signLink(CHOICES_LINK, tenantId, id, [tenantId, person], expiresAt, now);
}

/**
 * The person's choices link as a message carries it (issue #36): the app's origin (the one the other
 * links sent out use) and the person's token, made on first use. Null without an origin (no broken
 * link) or without a mobile number (no person to make it for).
 */
export async function choicesLink(tenantId: string, phone: string): Promise<{ url: string; token: string } | null> {
  const origin = appOrigin();
  const token = origin ? await choicesToken(tenantId, phone) : null;
  return origin && token ? { url: `${origin}/privacy/choices/${token}`, token } : null;
}

const NO_LINK = 'This choices link is not valid';

async function linkOf(token: string, now: Date) {
  const id = linkIdOf(token);
  const link = id ? await getChoicesLink(id) : null;
  const check = link
    ? await checkLink(CHOICES_LINK, link.tenantId, token, [link.tenantId, link.person], now)
    : 'invalid';
  if (!link || check === 'invalid') throw new NotFoundError(NO_LINK);
  if (check === 'expired')
    throw new ConflictError('This choices link has expired. The latest message from us has a new link.');
  return link;
}

const choicesView = (current: CurrentChoices | null, now: Date): PrivacyChoices => ({
  choices: current?.choices ?? NO_CHOICES,
  language: current?.language ?? 'en',
  updatedAt: current?.updatedAt ?? now.toISOString(),
});

/** The public choices page: the person's current choices, from a signed token (a forged one: 404). */
export async function choicesByToken(token: string, now = new Date()): Promise<PrivacyChoices> {
  const link = await linkOf(token, now);
  return choicesView(await getCurrentChoices(link.tenantId, link.person), now);
}

/** Withdraws purposes from the choices link; recorded as a consent record, in effect at once. */
export async function withdrawByToken(token: string, withdraw: ConsentPurpose[], now = new Date()) {
  const link = await linkOf(token, now);
  const before = await getCurrentChoices(link.tenantId, link.person);
  const language = before?.language ?? 'en';
  const record: ConsentRecord = {
    at: now.toISOString(),
    noticeVersion: NOTICE_VERSION,
    channel: 'choices_link',
    language,
    purposes: [],
    withdrawn: withdraw,
  };
  const current: CurrentChoices = {
    choices: choicesAfterWithdrawing(before?.choices ?? NO_CHOICES, withdraw),
    withdrawn: [...new Set([...(before?.withdrawn ?? []), ...withdraw])],
    language,
    updatedAt: record.at,
  };
  await saveConsent(link.tenantId, link.person, record, current, null, randomUUID());
  return choicesView(current, now);
}

// A person's erasure (issue #52): their consent records leave the key of their number.
export { eraseConsentOf } from './erase-person';
