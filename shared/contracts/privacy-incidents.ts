// Security incidents (issue #36, DPDP Rules 2025, rule 7): a breach of personal data is recorded with
// when it was found, what kinds of data and which visits it touched; the people affected are counted
// by a query over those visits, the Data Protection Board must hear of it within 72 hours of its
// discovery, and the notice to each affected person is drafted in English and Hindi from the record.
// Texts are the API's English; Hindi is in shared/i18n/server-messages-hi.json (messages) and below
// (the notice, a document rather than a message).
import * as z from 'zod/mini';
import { dateString, requiredText, seenRevision } from './fields';

export const INCIDENT_DATA_KINDS = ['names', 'phones', 'licences', 'vehicles', 'photos', 'messages', 'fastag'] as const;
export type IncidentDataKind = (typeof INCIDENT_DATA_KINDS)[number];

export const INCIDENT_STEPS = ['board_notified', 'people_notified', 'closed'] as const;
export type IncidentStep = (typeof INCIDENT_STEPS)[number];

/** The Board hears of a breach within 72 hours of its discovery. */
export const BOARD_REPORT_HOURS = 72;
/** The visits an incident may name: a quarter at most, counted day by day. */
export const INCIDENT_MAX_DAYS = 92;

const INCIDENT_DAYS_TEXT = `Affected visits must span at most ${INCIDENT_MAX_DAYS} days, from the first day to the last`;

/** POST /api/privacy/incidents. */
export const incidentSchema = z
  .strictObject({
    title: requiredText('Title is required', 120),
    description: requiredText('Describe what happened', 2000),
    discoveredAt: z.iso.datetime({ offset: true, error: 'When it was discovered must be a date and time' }),
    dataKinds: z
      .array(z.enum(INCIDENT_DATA_KINDS, { error: 'Unknown kind of data' }), { error: 'Choose the kinds of data' })
      .check(z.minLength(1, 'Choose the kinds of data')),
    affectedFrom: dateString('First affected day must be a date (YYYY-MM-DD)'),
    affectedTo: dateString('Last affected day must be a date (YYYY-MM-DD)'),
    facilityId: z.nullish(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
    measures: requiredText('Say what was done about it', 2000),
    contact: requiredText('Contact for questions is required', 200),
  })
  .check(
    z.refine((i) => i.affectedFrom <= i.affectedTo, {
      message: 'Last affected day must not be before the first',
      path: ['affectedTo'],
    }),
    z.refine((i) => daysBetween(i.affectedFrom, i.affectedTo) < INCIDENT_MAX_DAYS, {
      message: INCIDENT_DAYS_TEXT,
      path: ['affectedTo'],
    }),
  );
export type IncidentInput = z.input<typeof incidentSchema>;

/** POST /api/privacy/incidents/{id}/steps. */
export const incidentStepSchema = z.strictObject({
  step: z.enum(INCIDENT_STEPS, { error: 'Choose a step of the incident' }),
  revision: seenRevision,
});
export type IncidentStepInput = z.input<typeof incidentStepSchema>;

export interface Incident {
  id: string;
  revision: number;
  title: string;
  description: string;
  discoveredAt: string;
  /** discoveredAt + 72 h: when the Board must have been told. */
  boardReportDueAt: string;
  dataKinds: IncidentDataKind[];
  affectedFrom: string;
  affectedTo: string;
  facilityId: string | null;
  measures: string;
  contact: string;
  /** People counted by the query over the affected visits when the incident was recorded. */
  affectedPeople: number;
  affectedAppointments: number;
  boardNotifiedAt: string | null;
  peopleNotifiedAt: string | null;
  closedAt: string | null;
  recordedAt: string;
  recordedBy: string;
}

/** An incident as the admin reads it: the record and the notice to the people, drafted in both languages. */
export interface IncidentView extends Incident {
  notice: { en: string; hi: string };
  /** The Board's deadline has passed and it has not been told (at the time of the read). */
  boardReportOverdue: boolean;
}

/** Whole days from one calendar date to another (UTC arithmetic on dates only: no time zone applies). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const KIND_NAMES: Record<'en' | 'hi', Record<IncidentDataKind, string>> = {
  en: {
    names: 'your name',
    phones: 'your mobile number',
    licences: 'your driving licence number',
    vehicles: 'your vehicle number',
    photos: 'photos taken at the gate',
    messages: 'messages sent to you',
    fastag: 'FASTag toll crossings of your vehicle',
  },
  hi: {
    names: 'आपका नाम',
    phones: 'आपका मोबाइल नंबर',
    licences: 'आपका ड्राइविंग लाइसेंस नंबर',
    vehicles: 'आपके वाहन का नंबर',
    photos: 'गेट पर ली गई तस्वीरें',
    messages: 'आपको भेजे गए संदेश',
    fastag: 'आपके वाहन के FASTag टोल रिकॉर्ड',
  },
};

/** The notice to each affected person (DPDP Rules 2025, rule 7(1)), drafted from the record; staff edit it before sending. */
export function incidentNotice(
  incident: Pick<
    Incident,
    'title' | 'description' | 'discoveredAt' | 'dataKinds' | 'affectedFrom' | 'affectedTo' | 'measures' | 'contact'
  >,
  organisation: string,
  language: 'en' | 'hi',
): string {
  const kinds = incident.dataKinds.map((k) => KIND_NAMES[language][k]).join(', ');
  const found = incident.discoveredAt.slice(0, 10);
  if (language === 'hi') {
    return [
      `${organisation} की ओर से सूचना: आपके व्यक्तिगत डेटा से जुड़ी एक सुरक्षा घटना`,
      `क्या हुआ: ${incident.description}`,
      `कौन सा डेटा: ${kinds}, ${incident.affectedFrom} से ${incident.affectedTo} के बीच की यात्राओं का।`,
      `हमें इसका पता ${found} को चला।`,
      `हमने क्या किया: ${incident.measures}`,
      'आप क्या कर सकते हैं: अनजान कॉल या संदेश में OTP या बैंक विवरण न दें।',
      `संपर्क: ${incident.contact}`,
    ].join('\n\n');
  }
  return [
    `Notice from ${organisation}: a security incident involving your personal data`,
    `What happened: ${incident.description}`,
    `Which data: ${kinds}, of visits between ${incident.affectedFrom} and ${incident.affectedTo}.`,
    `We found out on ${found}.`,
    `What we have done: ${incident.measures}`,
    'What you can do: do not share an OTP or bank details with anyone who calls or messages you unexpectedly.',
    `Contact: ${incident.contact}`,
  ].join('\n\n');
}
