// Filling a template's placeholders from an appointment (issue #29.4): the Messaging Center's preview
// and the server's send use this one rule, so what the screen names as unfillable is what the server
// refuses. The driver notifier writes dates the same way (displayDate).
import { placeholderProblem, type Language, type MessageTemplate, type Placeholder } from './messaging-templates';

export type PlaceholderValues = Partial<Record<Placeholder, string>>;

const MONTHS: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  hi: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
};
/**
 * '2026-11-24' -> '24 Nov 2026' in English, '24 नवंबर 2026' in Hindi (issue #53: a Hindi SMS names the
 * month in Hindi). The date is a variable of the DLT template, so either form fits the registered text.
 */
export function displayDate(iso: string, language: Language = 'en'): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[language][m! - 1]} ${y}`;
}

/** What an appointment tells a template. */
export interface AppointmentFacts {
  scheduledDate: string;
  scheduledTimeStart: string;
  doorNumber: string | null;
  bookingReference: string;
}

/** The placeholders an appointment can fill; one it cannot (no door yet, a delay) is absent. */
export function appointmentValues(a: AppointmentFacts, language: Language = 'en'): PlaceholderValues {
  return {
    date: displayDate(a.scheduledDate, language),
    time: a.scheduledTimeStart,
    code: a.bookingReference,
    ...(a.doorNumber ? { dock: a.doorNumber } : {}),
  };
}

/** The template's text in the language with what the values fill, and the placeholders left unfilled. */
export function fillTemplate(
  template: MessageTemplate,
  language: Language,
  values: PlaceholderValues,
): { text: string; missing: Placeholder[] } {
  const missing = template.placeholders.filter((p) => placeholderProblem(p, values[p]) !== null);
  const text = template.text[language].replace(/\{(\w+)\}/g, (whole, name: Placeholder) =>
    missing.includes(name) || values[name] === undefined ? whole : values[name].trim(),
  );
  return { text, missing };
}

/** The refusal that names what the chosen recipient cannot fill (the server's words; the screen says the same). */
export const unfilledMessage = (missing: readonly Placeholder[]) =>
  `Cannot be filled from the chosen recipient: ${missing.map((p) => `{${p}}`).join(', ')}`;
