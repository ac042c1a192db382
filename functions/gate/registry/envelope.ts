// ULIP's answer envelope: `{ code: '200', message, response: [{ response: <the source's answer> }] }`.
// Anything else (an error code, no record, a record that is not what the source sends) makes the
// source unavailable for this check; the caller holds and names it.
import type { GateSource } from '../../../shared/contracts/gate';
import { SourceUnavailableError } from './port';
import { asText } from '../../../shared/text';

export function innerResponse(source: GateSource, envelope: unknown): unknown {
  const e = envelope as { code?: unknown; response?: unknown } | null;
  if (!e || typeof e !== 'object') throw new SourceUnavailableError(source, 'answer was not a ULIP envelope');
  if (asText(e.code) !== '200') throw new SourceUnavailableError(source, `answered code ${asText(e.code ?? 'none')}`);
  const first = Array.isArray(e.response) ? (e.response[0] as { response?: unknown } | undefined) : undefined;
  const inner = first?.response;
  if (
    inner === undefined ||
    inner === null ||
    inner === '' ||
    (typeof inner === 'object' && Object.keys(inner).length === 0)
  )
    throw new SourceUnavailableError(source, 'answered an empty record');
  return inner;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** '18-Oct-2026', '18/10/2026' or '2026-10-18' as '2026-10-18'; anything else null. */
export function registryDate(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const v = String(value).trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(v);
  if (m && MONTHS.includes(m[2]!.toUpperCase()))
    return `${m[3]}-${String(MONTHS.indexOf(m[2]!.toUpperCase()) + 1).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return null;
}

/** E-way bill's '22/11/2026 06:00:00 PM' (India time) as an ISO instant; null when unreadable. */
export function ewaybillInstant(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?$/i.exec(value.trim());
  if (!m) return Number.isNaN(Date.parse(value)) ? null : new Date(value).toISOString();
  let hour = Number(m[4]) % (m[7] ? 12 : 24);
  if (m[7]?.toUpperCase() === 'PM') hour += 12;
  const utc =
    Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), hour, Number(m[5]), Number(m[6] ?? 0)) - 330 * 60_000;
  return new Date(utc).toISOString();
}

export const text = (value: unknown): string | null =>
  value === undefined || value === null || value === '' ? null : asText(value).trim();
