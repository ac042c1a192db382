// The message templates for drivers (doc 1 "Message templates", issue #15), each in English and
// Hindi (Devanagari), with typed placeholders. The same texts are the ones registered with the
// operators under India's DLT rules (TRAI): an SMS goes out only if its text is a template's text
// with each placeholder filled by at most 30 characters (checkDlt), and WhatsApp outside the
// customer-service window sends the approved template of the same name with its language code.
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** DLT: a variable part of a registered SMS template carries at most 30 characters. */
export const DLT_VARIABLE_MAX = 30;

type PlaceholderKind = 'date' | 'time' | 'minutes' | 'text' | 'code' | 'link';

interface PlaceholderType {
  kind: PlaceholderKind;
  max: number;
  pattern?: RegExp;
  example: string;
}

/** Every placeholder a template may use, with its type: a value of another shape is refused. */
export const PLACEHOLDERS = {
  date: { kind: 'date', max: 11, pattern: /^\d{1,2} [A-Z][a-z]{2} \d{4}$|^\d{4}-\d{2}-\d{2}$/, example: '24 Nov 2026' },
  time: { kind: 'time', max: 5, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, example: '10:30' },
  newTime: { kind: 'time', max: 5, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, example: '11:15' },
  delay: { kind: 'minutes', max: 4, pattern: /^\d{1,4}$/, example: '25' },
  dock: { kind: 'text', max: DLT_VARIABLE_MAX, example: 'D-04' },
  spot: { kind: 'text', max: DLT_VARIABLE_MAX, example: 'Y-12' },
  code: { kind: 'code', max: 20, pattern: /^[A-Z0-9-]{4,20}$/, example: 'DS-241126-K7Q2' },
  link: { kind: 'link', max: DLT_VARIABLE_MAX, pattern: /^https:\/\/\S+$/, example: 'https://dksathi.in/q/K7Q2' },
  reason: { kind: 'text', max: DLT_VARIABLE_MAX, example: 'Documents incomplete' },
} as const satisfies Record<string, PlaceholderType>;
export type Placeholder = keyof typeof PLACEHOLDERS;

export interface MessageTemplate {
  key: string;
  /** The label of the template list and the Quick Templates select. */
  name: string;
  placeholders: readonly Placeholder[];
  text: Record<Language, string>;
  /** The DLT template id of each language's registered SMS text. */
  dltTemplateId: Record<Language, string>;
  /** The approved WhatsApp template (the same name in both languages). */
  whatsappName: string;
}

const template = (key: string, name: string, placeholders: readonly Placeholder[], en: string, hi: string, dlt: [string, string]): MessageTemplate => ({
  key,
  name,
  placeholders,
  text: { en, hi },
  dltTemplateId: { en: dlt[0], hi: dlt[1] },
  whatsappName: `docksaathi_${key}`,
});

export const MESSAGE_TEMPLATES = [
  template('appointment_confirmed', 'Appointment Confirmed', ['date', 'time', 'dock'], 'Your appointment is confirmed for {date} at {time}. Dock: {dock}.', 'आपकी अपॉइंटमेंट {date} को {time} बजे के लिए पक्की है। डॉक: {dock}।', ['1107170000000000101', '1107170000000000102']),
  template('dock_assigned', 'Dock Assigned', ['dock'], 'Dock {dock} assigned! Please proceed for loading/unloading.', 'डॉक {dock} आवंटित! कृपया लोडिंग/अनलोडिंग के लिए आगे बढ़ें।', ['1107170000000000103', '1107170000000000104']),
  template('delay_alert', 'Delay Alert', ['delay', 'newTime'], 'Your appointment is delayed by {delay} minutes. New ETA: {newTime}', 'आपकी अपॉइंटमेंट में {delay} मिनट की देरी है। नया अनुमानित समय: {newTime}', ['1107170000000000105', '1107170000000000106']),
  template('check_in_success', 'Check-in Success', ['spot'], 'Check-in successful! Waiting spot: {spot}.', 'चेक-इन सफल! प्रतीक्षा स्थान: {spot}।', ['1107170000000000107', '1107170000000000108']),
  template('loading_complete', 'Loading Complete', [], 'Loading/Unloading complete! Please collect documents and exit.', 'लोडिंग/अनलोडिंग पूरी! कृपया दस्तावेज़ लें और बाहर निकलें।', ['1107170000000000109', '1107170000000000110']),
  template('reschedule_approved', 'Reschedule Approved', ['date', 'time'], 'Your reschedule request is approved. New time: {date} at {time}.', 'समय बदलने का आपका अनुरोध स्वीकार हुआ। नया समय: {date} को {time} बजे।', ['1107170000000000111', '1107170000000000112']),
  template('reschedule_denied', 'Reschedule Denied', ['date', 'time'], 'Your request to move to {date} at {time} was not approved. Your booking stays as it was.', '{date} को {time} बजे पर जाने का आपका अनुरोध स्वीकार नहीं हुआ। आपकी बुकिंग पहले जैसी है।', ['1107170000000000113', '1107170000000000114']),
  template('slot_booking_confirmed', 'Slot Booking Confirmation', ['date', 'time', 'code'], 'Slot booked for {date} at {time}. Confirmation code: {code}. Show it at the gate.', '{date} को {time} बजे का स्लॉट बुक हुआ। पुष्टि कोड: {code}। इसे गेट पर दिखाएं।', ['1107170000000000115', '1107170000000000116']),
  template('gate_qr_link', 'Gate QR Link', ['link'], 'Check in at the gate with this link: {link}', 'इस लिंक से गेट पर चेक-इन करें: {link}', ['1107170000000000117', '1107170000000000118']),
  template('registration_approved', 'Registration Approved', [], 'Your DockSaathi account is approved. You can now sign in.', 'आपका DockSaathi खाता स्वीकृत हो गया है। अब आप साइन इन कर सकते हैं।', ['1107170000000000119', '1107170000000000120']),
  template('registration_rejected', 'Registration Rejected', ['reason'], 'Your DockSaathi registration was not approved. Reason: {reason}', 'आपका DockSaathi पंजीकरण स्वीकृत नहीं हुआ। कारण: {reason}', ['1107170000000000121', '1107170000000000122']),
  template('test_message', 'Test Message', [], 'This is a test message from DockSaathi messaging. All channels are working.', 'यह DockSaathi मैसेजिंग का परीक्षण संदेश है। सभी चैनल काम कर रहे हैं।', ['1107170000000000123', '1107170000000000124']),
] as const satisfies readonly MessageTemplate[];

export type TemplateKey = (typeof MESSAGE_TEMPLATES)[number]['key'];
export const TEMPLATE_KEYS = MESSAGE_TEMPLATES.map((t) => t.key) as [TemplateKey, ...TemplateKey[]];

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
export function checkDlt(registered: string, text: string): { ok: true; values: Record<string, string> } | { ok: false; reason: string } {
  const names = placeholdersIn(registered);
  const statics = registered.split(/\{\w+\}/);
  const pattern = new RegExp(`^${statics.map(escapeRegExp).join(`([\\s\\S]{1,${DLT_VARIABLE_MAX}}?)`)}$`, 'u');
  const match = pattern.exec(text);
  if (!match) {
    return { ok: false, reason: 'The text does not match its registered DLT template (fixed words must stay as registered; each filled-in value may have at most 30 characters)' };
  }
  const values: Record<string, string> = {};
  names.forEach((name, i) => (values[name] = match[i + 1]!));
  const unfilled = names.find((name) => /^\{\w+\}$/.test(values[name]!));
  if (unfilled) return { ok: false, reason: `Fill in {${unfilled}} before sending` };
  return { ok: true, values };
}
