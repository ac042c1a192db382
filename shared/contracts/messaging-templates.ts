// The message templates for drivers (doc 1 "Message templates", issue #15), each in English and
// Hindi (Devanagari), with typed placeholders. The same texts are the ones registered with the
// operators under India's DLT rules (TRAI): an SMS goes out only if its text is a template's text
// with each placeholder filled by at most 30 characters (checkDlt), and WhatsApp outside the
// customer-service window sends the approved template of the same name with its language code.
// The DLT template ids are not here: the operators issue them to whoever registers the texts (each
// hub in its messaging settings; the platform in its deploy configuration).
import { LANGUAGES, type Language } from './language';

export { LANGUAGES, type Language };

/** DLT: a variable part of a registered SMS template carries at most 30 characters. */
export const DLT_VARIABLE_MAX = 30;

type PlaceholderKind = 'date' | 'time' | 'minutes' | 'text' | 'code' | 'link';

interface PlaceholderType {
  kind: PlaceholderKind;
  max: number;
  pattern?: RegExp;
  example: string;
  /** Registered as this many adjacent DLT variables (a value longer than one variable carries), default 1. */
  dltVariables?: number;
}

/** Every placeholder a template may use, with its type: a value of another shape is refused. */
export const PLACEHOLDERS = {
  // '24 Nov 2026', or in a Hindi message '24 अक्टूबर 2026' (issue #53: 15 characters at the longest month).
  date: {
    kind: 'date',
    max: 15,
    pattern: /^\d{1,2} [A-Z][a-z]{2} \d{4}$|^\d{1,2} [\u0900-\u097F]{2,8} \d{4}$|^\d{4}-\d{2}-\d{2}$/,
    example: '24 Nov 2026',
  },
  time: { kind: 'time', max: 5, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, example: '10:30' },
  newTime: { kind: 'time', max: 5, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, example: '11:15' },
  delay: { kind: 'minutes', max: 4, pattern: /^\d{1,4}$/, example: '25' },
  dock: { kind: 'text', max: DLT_VARIABLE_MAX, example: 'D-04' },
  spot: { kind: 'text', max: DLT_VARIABLE_MAX, example: 'Y-12' },
  code: { kind: 'code', max: 20, pattern: /^[A-Z0-9-]{4,20}$/, example: 'DS-241126-K7Q2' },
  link: { kind: 'link', max: DLT_VARIABLE_MAX, pattern: /^https:\/\/\S+$/, example: 'https://dksathi.in/q/K7Q2' },
  reason: { kind: 'text', max: DLT_VARIABLE_MAX, example: 'Documents incomplete' },
  hub: { kind: 'text', max: DLT_VARIABLE_MAX, example: 'Demo Logistics Pvt Ltd' },
  // An appointment's status in the message's language ('Scheduled', 'अनुमोदन की प्रतीक्षा').
  status: { kind: 'text', max: DLT_VARIABLE_MAX, example: 'Scheduled' },
  // An invitation link carries a 43-character token: registered as {#var#}{#var#}{#var#}.
  inviteLink: {
    kind: 'link',
    max: 3 * DLT_VARIABLE_MAX,
    pattern: /^https?:\/\/\S+$/,
    example: 'https://app.docksaathi.in/invite/3Jc9…',
    dltVariables: 3,
  },
  // A reslot link (issue #33) carries a 39-character signed token: registered as {#var#}{#var#}{#var#}.
  reslotLink: {
    kind: 'link',
    max: 3 * DLT_VARIABLE_MAX,
    pattern: /^https?:\/\/\S+$/,
    example: 'https://app.docksaathi.in/reslot/Xq3…',
    dltVariables: 3,
  },
  // A gate pass link (issue #31) carries a 39-character signed token: registered as {#var#}{#var#}{#var#}.
  passLink: {
    kind: 'link',
    max: 3 * DLT_VARIABLE_MAX,
    pattern: /^https?:\/\/\S+$/,
    example: 'https://app.docksaathi.in/pass/Xq3…',
    dltVariables: 3,
  },
  // A booking link (issue #32) carries a 39-character signed token: registered as {#var#}{#var#}{#var#}.
  bookingLink: {
    kind: 'link',
    max: 3 * DLT_VARIABLE_MAX,
    pattern: /^https?:\/\/\S+$/,
    example: 'https://app.docksaathi.in/book/Xq3…',
    dltVariables: 3,
  },
} as const satisfies Record<string, PlaceholderType>;
export type Placeholder = keyof typeof PLACEHOLDERS;

export interface MessageTemplate {
  key: string;
  /** The label of the template list and the Quick Templates select. */
  name: string;
  placeholders: readonly Placeholder[];
  text: Record<Language, string>;
  /** The approved WhatsApp template (the same name in both languages). */
  whatsappName: string;
  /** Sent only by the platform itself (account notices), under the platform's DLT registration. */
  platformOnly: boolean;
}

// Free of effects (as the lists below): a bundle that takes only LANGUAGES or a type leaves the templates out.
const template = /* @__NO_SIDE_EFFECTS__ */ (
  key: string,
  name: string,
  placeholders: readonly Placeholder[],
  en: string,
  hi: string,
  platformOnly = false,
): MessageTemplate => ({
  key,
  name,
  placeholders,
  text: { en, hi },
  whatsappName: `docksaathi_${key}`,
  platformOnly,
});

export const MESSAGE_TEMPLATES = [
  template(
    'appointment_confirmed',
    'Appointment Confirmed',
    ['date', 'time', 'dock'],
    'Your appointment is confirmed for {date} at {time}. Dock: {dock}.',
    'आपकी अपॉइंटमेंट {date} को {time} बजे के लिए पक्की है। डॉक: {dock}।',
  ),
  template(
    'dock_assigned',
    'Dock Assigned',
    ['dock'],
    'Dock {dock} assigned! Please proceed for loading/unloading.',
    'डॉक {dock} आवंटित! कृपया लोडिंग/अनलोडिंग के लिए आगे बढ़ें।',
  ),
  template(
    'delay_alert',
    'Delay Alert',
    ['delay', 'newTime'],
    'Your appointment is delayed by {delay} minutes. New ETA: {newTime}',
    'आपकी अपॉइंटमेंट में {delay} मिनट की देरी है। नया अनुमानित समय: {newTime}',
  ),
  template(
    'late_truck_reslot',
    'Late Truck Reslot',
    ['newTime', 'time', 'reslotLink'],
    'Your truck is expected at {newTime}, after your slot at {time}. Pick a later slot with one tap: {reslotLink}',
    'आपका ट्रक {newTime} बजे पहुँचने का अनुमान है, जो आपके {time} बजे के स्लॉट के बाद है। एक टैप में बाद का स्लॉट चुनें: {reslotLink}',
  ),
  template(
    'appointment_reminder',
    'Appointment Reminder',
    ['date', 'time', 'dock'],
    'Reminder: your appointment is on {date} at {time}. Dock: {dock}.',
    'याद दिलाना: आपकी अपॉइंटमेंट {date} को {time} बजे है। डॉक: {dock}।',
  ),
  template(
    'check_in_success',
    'Check-in Success',
    ['spot'],
    'Check-in successful! Waiting spot: {spot}.',
    'चेक-इन सफल! प्रतीक्षा स्थान: {spot}।',
  ),
  template(
    'loading_complete',
    'Loading Complete',
    [],
    'Loading/Unloading complete! Please collect documents and exit.',
    'लोडिंग/अनलोडिंग पूरी! कृपया दस्तावेज़ लें और बाहर निकलें।',
  ),
  template(
    'reschedule_approved',
    'Reschedule Approved',
    ['date', 'time'],
    'Your reschedule request is approved. New time: {date} at {time}.',
    'समय बदलने का आपका अनुरोध स्वीकार हुआ। नया समय: {date} को {time} बजे।',
  ),
  template(
    'reschedule_denied',
    'Reschedule Denied',
    ['date', 'time'],
    'Your request to move to {date} at {time} was not approved. Your booking stays as it was.',
    '{date} को {time} बजे पर जाने का आपका अनुरोध स्वीकार नहीं हुआ। आपकी बुकिंग पहले जैसी है।',
  ),
  template(
    'slot_booking_confirmed',
    'Slot Booking Confirmation',
    ['hub', 'date', 'time', 'code'],
    'Slot booked at {hub} for {date} at {time}. Confirmation code: {code}. Show it at the gate.',
    '{hub} में {date} को {time} बजे का स्लॉट बुक हुआ। पुष्टि कोड: {code}। इसे गेट पर दिखाएं।',
  ),
  template(
    'slot_booking_pass',
    'Slot Booking Gate Pass',
    ['hub', 'date', 'time', 'code', 'passLink'],
    'Slot booked at {hub} for {date} at {time}. Confirmation code: {code}. Gate pass (opens offline once saved): {passLink}',
    '{hub} में {date} को {time} बजे का स्लॉट बुक हुआ। पुष्टि कोड: {code}। गेट पास (एक बार सहेजने पर बिना नेटवर्क खुलता है): {passLink}',
  ),
  template(
    'appointment_pass',
    'Appointment Confirmed Gate Pass',
    ['date', 'time', 'dock', 'passLink'],
    'Your appointment is confirmed for {date} at {time}. Dock: {dock}. Gate pass (opens offline once saved): {passLink}',
    'आपकी अपॉइंटमेंट {date} को {time} बजे के लिए पक्की है। डॉक: {dock}। गेट पास (एक बार सहेजने पर बिना नेटवर्क खुलता है): {passLink}',
  ),
  template(
    'reschedule_pass',
    'Reschedule Approved Gate Pass',
    ['date', 'time', 'passLink'],
    'Your reschedule request is approved. New time: {date} at {time}. New gate pass (opens offline once saved): {passLink}',
    'समय बदलने का आपका अनुरोध स्वीकार हुआ। नया समय: {date} को {time} बजे। नया गेट पास (एक बार सहेजने पर बिना नेटवर्क खुलता है): {passLink}',
  ),
  template(
    'booking_awaiting_approval',
    'Booking Awaiting Approval',
    ['date', 'time'],
    "Your booking for {date} at {time} is awaiting the facility's approval. We will message you when it is decided.",
    '{date} को {time} बजे की आपकी बुकिंग सुविधा की स्वीकृति की प्रतीक्षा में है। निर्णय होने पर हम आपको संदेश भेजेंगे।',
  ),
  template(
    'booking_refused',
    'Booking Refused',
    ['date', 'time', 'reason'],
    'Your booking for {date} at {time} was refused by the facility. Reason: {reason}',
    '{date} को {time} बजे की आपकी बुकिंग सुविधा ने अस्वीकार कर दी। कारण: {reason}',
  ),
  template(
    'gate_qr_link',
    'Gate QR Link',
    ['link'],
    'Check in at the gate with this link: {link}',
    'इस लिंक से गेट पर चेक-इन करें: {link}',
  ),
  template(
    'registration_approved',
    'Registration Approved',
    [],
    'Your DockSaathi account is approved. You can now sign in.',
    'आपका DockSaathi खाता स्वीकृत हो गया है। अब आप साइन इन कर सकते हैं।',
  ),
  template(
    'registration_rejected',
    'Registration Rejected',
    ['reason'],
    'Your DockSaathi registration was not approved. Reason: {reason}',
    'आपका DockSaathi पंजीकरण स्वीकृत नहीं हुआ। कारण: {reason}',
  ),
  template(
    'registration_clash',
    'Registration Attempt',
    [],
    'Someone tried to register a new DockSaathi account with your mobile number. Nothing was created or changed. If it was not you, ignore this message.',
    'किसी ने आपके मोबाइल नंबर से नया DockSaathi खाता बनाने की कोशिश की। कुछ नहीं बना और कुछ नहीं बदला। अगर यह आप नहीं थे, तो इस संदेश को अनदेखा करें।',
    true,
  ),
  template(
    'sign_in_code',
    'Sign-in Code',
    ['code'],
    'Your DockSaathi sign-in code is {code}. It is valid for 10 minutes. Do not share it with anyone.',
    'आपका DockSaathi साइन-इन कोड {code} है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।',
    true,
  ),
  template(
    'hub_invitation',
    'Hub Invitation',
    ['hub', 'inviteLink'],
    'You are invited to join {hub} on DockSaathi. Accept within 7 days: {inviteLink}',
    'आपको DockSaathi पर {hub} से जुड़ने का निमंत्रण है। 7 दिनों में स्वीकार करें: {inviteLink}',
    true,
  ),
  template(
    'test_message',
    'Test Message',
    [],
    'This is a test message from DockSaathi messaging. All channels are working.',
    'यह DockSaathi मैसेजिंग का परीक्षण संदेश है। सभी चैनल काम कर रहे हैं।',
  ),
  // Appended last: DLT ids are numbered by a template's position (test/support/fake-sms-provider.ts).
  template(
    'booking_link',
    'Booking Link',
    ['hub', 'bookingLink', 'code'],
    'Book your slot at {hub}: {bookingLink} Access code: {code}. Share it only with your drivers.',
    '{hub} पर अपना स्लॉट बुक करें: {bookingLink} एक्सेस कोड: {code}। इसे केवल अपने ड्राइवरों के साथ साझा करें।',
    true,
  ),
  template(
    'appointment_cancelled',
    'Appointment Cancelled',
    ['date', 'time'],
    'Your appointment for {date} at {time} is cancelled. Its gate pass no longer opens the gate.',
    '{date} को {time} बजे की आपकी अपॉइंटमेंट रद्द कर दी गई है। इसका गेट पास अब गेट पर मान्य नहीं है।',
  ),
  // The answers to SMS keywords from feature phones (issue #56): an SMS goes out only as a registered text.
  template(
    'sms_help',
    'SMS Keyword Help',
    [],
    'DockSaathi: send STATUS <code> to see a booking, CANCEL <code> to cancel it.',
    'DockSaathi: बुकिंग देखने के लिए STATUS <कोड>, रद्द करने के लिए CANCEL <कोड> भेजें।',
  ),
  template(
    'sms_status',
    'SMS Booking Status',
    ['code', 'status', 'hub', 'date', 'time', 'dock'],
    'Booking {code}: {status}. {hub}, {date} {time}, door {dock}.',
    'बुकिंग {code}: {status}। {hub}, {date} {time}, डॉक {dock}।',
  ),
  template(
    'sms_cancelled',
    'SMS Booking Cancelled',
    ['code'],
    'Booking {code} is cancelled.',
    'बुकिंग {code} रद्द कर दी गई है।',
  ),
  template(
    'sms_not_cancelled',
    'SMS Booking Not Cancelled',
    ['code', 'reason'],
    'Booking {code} was not cancelled. Reason: {reason}',
    'बुकिंग {code} रद्द नहीं हुई। कारण: {reason}',
  ),
  template(
    'sms_unknown_code',
    'SMS Unknown Code',
    [],
    'No booking of this number has this code.',
    'इस नंबर की किसी बुकिंग का यह कोड नहीं है।',
  ),
  // A holding area's call forward (issue #58.3): the driver waiting for a door is called to the one that freed,
  // with the time by which to reach it; one who did not is told the next truck went instead.
  template(
    'call_forward',
    'Call Forward',
    ['dock', 'time'],
    'Proceed to door {dock} now. Please reach it by {time}, or the next truck will be called.',
    'अभी डॉक {dock} पर जाएँ। कृपया {time} बजे तक पहुँचें, नहीं तो अगले ट्रक को बुलाया जाएगा।',
  ),
  template(
    'call_forward_missed',
    'Call Forward Missed',
    ['dock', 'time'],
    'You did not reach door {dock} by {time}, so the next truck was called. Please wait in the holding area for your next call.',
    'आप {time} बजे तक डॉक {dock} पर नहीं पहुँचे, इसलिए अगले ट्रक को बुलाया गया। कृपया होल्डिंग क्षेत्र में अगली कॉल का इंतज़ार करें।',
  ),
  // A hub invites a platform carrier (issue #59): its owner is told, in their language, with the link to
  // the carrier's "My hubs" screen where the invitation is accepted. The platform's text, not a hub's.
  template(
    'carrier_invitation',
    'Carrier Invitation',
    ['hub', 'inviteLink'],
    '{hub} invited your company to book dock appointments on DockSaathi. Sign in to accept: {inviteLink}',
    '{hub} ने आपकी कंपनी को DockSaathi पर डॉक अपॉइंटमेंट बुक करने के लिए आमंत्रित किया है। स्वीकार करने के लिए साइन इन करें: {inviteLink}',
    true,
  ),
] as const satisfies readonly MessageTemplate[];

export type TemplateKey = (typeof MESSAGE_TEMPLATES)[number]['key'];
export const TEMPLATE_KEYS = /* @__PURE__ */ MESSAGE_TEMPLATES.map((t) => t.key) as [TemplateKey, ...TemplateKey[]];

/** The templates a hub sends (the Messaging Center's quick templates; each needs the hub's DLT template ids). */
export const HUB_TEMPLATES: readonly MessageTemplate[] = /* @__PURE__ */ MESSAGE_TEMPLATES.filter(
  (t) => !t.platformOnly,
);

export function findTemplate(key: string): MessageTemplate | undefined {
  return (MESSAGE_TEMPLATES as readonly MessageTemplate[]).find((t) => t.key === key);
}

/** The placeholders written in a text, in order ("{dock}" -> dock). */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

export class TemplateError extends Error {}

/** Why a placeholder's value is refused, or null when it fits its type. */
export function placeholderProblem(name: Placeholder, value: unknown): string | null {
  const type: PlaceholderType = PLACEHOLDERS[name];
  if (typeof value !== 'string' || !value.trim()) return `The value of {${name}} is missing`;
  if ([...value].length > type.max) return `The value of {${name}} is longer than ${type.max} characters`;
  if (/[{}]/.test(value)) return `The value of {${name}} may not contain braces`;
  if (type.pattern && !type.pattern.test(value)) return `The value of {${name}} is not a valid ${type.kind}`;
  return null;
}

/** A free text cut to what one DLT variable carries (a hub's long name, a reason). */
export function clipVariable(text: string): string {
  return [...text].slice(0, DLT_VARIABLE_MAX).join('').trim();
}

/** The template's text in the language with every placeholder filled; a missing or ill-typed value throws. */
export function renderTemplate(key: string, language: Language, values: Partial<Record<Placeholder, string>>): string {
  const tpl = findTemplate(key);
  if (!tpl) throw new TemplateError(`Unknown template "${key}"`);
  for (const name of tpl.placeholders) {
    const problem = placeholderProblem(name, values[name]);
    if (problem) throw new TemplateError(problem);
  }
  return tpl.text[language].replace(/\{(\w+)\}/g, (_, name: Placeholder) => values[name]!.trim());
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The DLT scrubbing check an operator makes: the text must be the registered text with its static
 * parts exact and each variable 1 to 30 characters. Answers the variables' values, or the reason
 * the operator would refuse it.
 */
export function checkDlt(
  registered: string,
  text: string,
): { ok: true; values: Record<string, string> } | { ok: false; reason: string } {
  const names = placeholdersIn(registered);
  const statics = registered.split(/\{\w+\}/);
  const variable = (name: string | undefined) =>
    `([\\s\\S]{1,${DLT_VARIABLE_MAX * ((PLACEHOLDERS as Record<string, PlaceholderType>)[name ?? '']?.dltVariables ?? 1)}}?)`;
  const pattern = new RegExp(
    `^${statics.map((part, i) => (i ? variable(names[i - 1]) : '') + escapeRegExp(part)).join('')}$`,
    'u',
  );
  const match = pattern.exec(text);
  if (!match) {
    return {
      ok: false,
      reason:
        'The text does not match its registered DLT template (fixed words must stay as registered; each filled-in value may have at most 30 characters)',
    };
  }
  const values: Record<string, string> = {};
  names.forEach((name, i) => (values[name] = match[i + 1]!));
  const unfilled = names.find((name) => /^\{\w+\}$/.test(values[name]!));
  if (unfilled) return { ok: false, reason: `Fill in {${unfilled}} before sending` };
  return { ok: true, values };
}
