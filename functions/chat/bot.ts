// The WhatsApp and SMS conversation (issue #56): one message of a person in, the answer out. The
// conversation remembers per number and tenant where the person is (conversation.store.ts); a reply
// that answers nothing asked gets the question again, in the person's language; "hi" or "menu" at any
// point shows the menu. The flows are in flows-book.ts (booking) and flows-bookings.ts (the number's own
// bookings); SMS keywords in sms-keywords.ts. A person who withdrew the channel is not conversed with.
import { ConflictError } from '../lib/errors';
import { choicesLink, hasWithdrawn } from '../consent';
import type { Language } from '../../shared/contracts/messaging-templates';
import type { ChatMessageIn, ChatReply, ChatTurn } from './types';
import { getConversation, saveConversation } from './conversation.store';
import {
  chosen,
  globalWord,
  isStale,
  linkAndCode,
  MENU_ACTIONS,
  newConversation,
  optionsOf,
  type Conversation,
  type MenuAction,
} from './steps';
import { personOf } from './people';
import { answerSmsKeyword } from './sms-keywords';
import {
  onCapacity,
  onConfirm,
  onDay,
  onField,
  onHub,
  onLinkCode,
  onCustom,
  onQuantity,
  onStart,
  startBooking,
} from './flows-book';
import {
  myBookings,
  onArrival,
  onCancelConfirm,
  onChangeDay,
  onChangeStart,
  onPick,
  pickBooking,
} from './flows-bookings';
import { buttons, list, text, textsOf, type Outcome, type Turn } from './turn';
import { CHAT_TEXTS } from './texts';

/** Applies one message of the person to their conversation and answers it. */
export async function converse(message: ChatMessageIn, now = new Date()): Promise<ChatTurn> {
  // The inbox hands a number's messages one at a time; a change made meanwhile all the same is met once more.
  try {
    return await converseOnce(message, now);
  } catch (err) {
    if (!(err instanceof ConflictError) || err.message !== 'The conversation changed meanwhile') throw err;
    return converseOnce(message, now);
  }
}

async function converseOnce(message: ChatMessageIn, now: Date): Promise<ChatTurn> {
  const { tenantId, phone, channel } = message;
  const [stored, person, withdrawn] = await Promise.all([
    getConversation(tenantId, phone),
    personOf(tenantId, phone),
    hasWithdrawn(tenantId, phone, channel),
  ]);
  const language: Language = stored?.language ?? person.language ?? 'en';
  // Withdrawn: WhatsApp answers only that the chat is off (with the choices link); an SMS nothing at all.
  if (withdrawn) {
    if (channel === 'sms') return { language, replies: [] };
    const link = await choicesLink(tenantId, phone);
    return { language, replies: [text(CHAT_TEXTS[language].whatsappWithdrawn(link?.url ?? null))] };
  }
  if (channel === 'sms') {
    const answer = await answerSmsKeyword(message, language, now);
    if (answer) return { language, replies: [text(answer)] };
  }
  const base = stored ?? newConversation(tenantId, phone, person.language);
  const conversation: Conversation = isStale(base, now)
    ? { ...base, step: { name: 'idle' }, draft: {}, asked: [] }
    : base;
  const turn: Turn = { message, now, conversation, language, t: textsOf(language), person };
  const outcome = await next(turn);
  const chosenLanguage = outcome.language ?? conversation.language;
  const asked = outcome.asked ?? outcome.replies.filter((r) => r.kind !== 'image').slice(-1);
  await saveConversation(
    {
      ...conversation,
      language: chosenLanguage,
      step: outcome.step,
      draft: outcome.draft ?? conversation.draft,
      asked,
    },
    now,
  );
  return { language: chosenLanguage ?? language, replies: outcome.replies };
}

/** Where the message takes the conversation. */
async function next(turn: Turn): Promise<Outcome> {
  const { content } = turn.message;
  const step = turn.conversation.step;
  const word = globalWord(content);
  // A booking link forwarded at any point starts a booking through it, in the link's language the first time.
  const link = content.kind === 'text' ? linkAndCode(content.text) : null;
  if (link) {
    const language = turn.conversation.language ?? link.language ?? turn.language;
    return { ...(await onLinkCode({ ...turn, language, t: textsOf(language) })), language };
  }
  if (word === 'language' || (turn.conversation.language === null && step.name !== 'language')) return askLanguage();
  if (word === 'menu') return menu(turn);
  switch (step.name) {
    case 'language':
      return onLanguage(turn);
    case 'menu':
      return onMenu(turn);
    case 'linkCode':
      return onLinkCode(turn);
    case 'hub':
      return onHub(turn);
    case 'quantity':
      return onQuantity(turn);
    case 'day':
      return onDay(turn);
    case 'start':
      return onStart(turn);
    case 'field':
      return onField(turn, step.field);
    case 'custom':
      return onCustom(turn, step.fieldId);
    case 'capacity':
      return onCapacity(turn);
    case 'confirm':
      return onConfirm(turn);
    case 'pick':
      return onPick(turn, step.purpose);
    case 'changeDay':
      return onChangeDay(turn, step.appointmentId);
    case 'changeStart':
      return onChangeStart(turn, step.appointmentId, step.date);
    case 'cancelConfirm':
      return onCancelConfirm(turn, step.appointmentId);
    case 'arrival':
      return onArrival(turn);
    case 'idle':
      return menu(turn);
  }
}

const LANGUAGE_BUTTONS = [
  { id: 'lang:en', title: 'English' },
  { id: 'lang:hi', title: 'हिंदी' },
];

function askLanguage(): Outcome {
  return { step: { name: 'language' }, draft: {}, replies: [buttons(CHAT_TEXTS.en.chooseLanguage, LANGUAGE_BUTTONS)] };
}

function onLanguage(turn: Turn): Outcome {
  const id = chosen(turn.message.content, LANGUAGE_BUTTONS);
  if (!id) return { step: turn.conversation.step, replies: turn.conversation.asked, asked: turn.conversation.asked };
  const language: Language = id === 'lang:hi' ? 'hi' : 'en';
  return { ...menu({ ...turn, language, t: textsOf(language) }), language };
}

export function menuReply(t: Turn['t']): ChatReply {
  return list(
    t.menu,
    t.menuButton,
    MENU_ACTIONS.map((action) => ({ id: `menu:${action}`, ...t.menuRows[action] })),
  );
}

function menu(turn: Turn): Outcome {
  return { step: { name: 'menu' }, draft: {}, replies: [menuReply(turn.t)] };
}

async function onMenu(turn: Turn): Promise<Outcome> {
  const id = chosen(turn.message.content, optionsOf(turn.conversation.asked));
  if (!id) return menu(turn);
  const action = id.slice('menu:'.length) as MenuAction;
  switch (action) {
    case 'book':
      return startBooking(turn);
    case 'mine':
      return myBookings(turn);
    case 'change':
    case 'cancel':
    case 'pass':
      return pickBooking(turn, action);
    case 'arrived':
      return { step: { name: 'arrival' }, replies: [text(turn.t.askArrival)] };
    case 'language':
      return askLanguage();
  }
}
