// The gate decision, pure: the registry records (or a source's silence) and the tenant's rules give
// ALLOW, HOLD or DENY with one reason per failed check (docs/decisions.md, Gate compliance).
// A source that did not answer holds and says which; it never allows or denies on its own.
import {
  GATE_REASON_TEXTS,
  GATE_SOURCE_NAMES,
  type GateCheck,
  type GateDecision,
  type GateReason,
  type GateReasonCode,
  type GateRule,
  type GateSource,
  type RuleOutcome,
} from '../../shared/contracts/gate';
import { localDateTime } from '../../shared/time';
import type { EwaybillRecord, FastagRecord, SarathiRecord, SourceResult, VahanRecord } from './registry/port';
import { asText } from '../../shared/text';

/** Classes of vehicle that let a driver drive a goods vehicle commercially (SARATHI's COV codes). */
export const TRANSPORT_CLASSES = [
  'TRANS',
  'HGMV',
  'HPMV',
  'HTV',
  'HMV',
  'MGV',
  'MMV',
  'LGV',
  'HGV',
  'LMV-TR',
  'LMV-GV',
  'TRLR',
];

export interface DecideContext {
  now: Date;
  timeZone: string;
  outcomes: Record<GateRule, RuleOutcome>;
  /** The vehicle at the gate, to compare with the e-way bill's. */
  vehicleNumber: string | null;
}

export const reasonText = (code: GateReasonCode, values: string[]) =>
  GATE_REASON_TEXTS[code].replace(/\{(\d+)\}/g, (_, n: string) => values[Number(n)] ?? '');

/** A validity date ('YYYY-MM-DD', valid through that day) that has passed in the facility's zone. */
export const expired = (until: string | null, today: string) => until !== null && until < today;

type Failure = { code: GateRule; values: string[] };

function vahanFailures(r: VahanRecord, today: string): Failure[] {
  const out: Failure[] = [];
  const v = r.registrationNumber;
  if (!/^ACTIVE$/i.test(r.status)) out.push({ code: 'REGISTRATION_INACTIVE', values: [v, r.status] });
  const dated: [GateRule, string | null][] = [
    ['FITNESS_EXPIRED', r.fitnessUpto],
    ['INSURANCE_EXPIRED', r.insuranceUpto],
    ['PUC_EXPIRED', r.pucUpto],
    ['TAX_EXPIRED', r.taxUpto],
    ['PERMIT_EXPIRED', r.permitUpto],
  ];
  for (const [code, until] of dated) if (expired(until, today)) out.push({ code, values: [v, until!] });
  return out;
}

function sarathiFailures(r: SarathiRecord, today: string): Failure[] {
  if (!/^ACTIVE$/i.test(r.status)) return [{ code: 'LICENCE_INVALID', values: [r.dlNumber, r.status] }];
  const transport = r.classes.some((c) => TRANSPORT_CLASSES.includes(c.toUpperCase()));
  if (!transport || !r.transportValidUpto || expired(r.transportValidUpto, today))
    return [{ code: 'LICENCE_NO_TRANSPORT', values: [r.dlNumber] }];
  return [];
}

function fastagFailures(r: FastagRecord): Failure[] {
  if (r.tagStatus === 'BLACKLISTED') return [{ code: 'FASTAG_BLACKLISTED', values: [r.vehicleNumber] }];
  if (r.tagStatus === 'INACTIVE') return [{ code: 'FASTAG_INACTIVE', values: [r.vehicleNumber] }];
  return [];
}

function ewaybillFailures(r: EwaybillRecord, ctx: DecideContext): Failure[] {
  if (r.status === 'CANCELLED') return [{ code: 'EWAYBILL_CANCELLED', values: [r.ewbNumber] }];
  const out: Failure[] = [];
  if (r.validUpto && Date.parse(r.validUpto) < ctx.now.getTime()) {
    const local = localDateTime(new Date(r.validUpto), ctx.timeZone);
    out.push({ code: 'EWAYBILL_EXPIRED', values: [r.ewbNumber, local.time, local.date] });
  }
  if (ctx.vehicleNumber && r.vehicleNumber && r.vehicleNumber !== ctx.vehicleNumber)
    out.push({ code: 'EWAYBILL_OTHER_VEHICLE', values: [r.ewbNumber, r.vehicleNumber] });
  return out;
}

function failuresOf(result: SourceResult & { ok: true }, ctx: DecideContext, today: string): Failure[] {
  switch (result.source) {
    case 'VAHAN':
      return vahanFailures(result.record as VahanRecord, today);
    case 'SARATHI':
      return sarathiFailures(result.record as SarathiRecord, today);
    case 'FASTAG':
      return fastagFailures(result.record as FastagRecord);
    case 'EWAYBILL':
      return ewaybillFailures(result.record as EwaybillRecord, ctx);
  }
}

/** The short answer kept on the check-in and in the audit (validity dates and statuses, nothing personal). */
export function summaryOf(result: SourceResult): Record<string, string | null> {
  if (!result.ok) return {};
  const r = result.record as unknown as Record<string, unknown>;
  const keep = [
    'status',
    'fitnessUpto',
    'insuranceUpto',
    'pucUpto',
    'taxUpto',
    'permitUpto',
    'transportValidUpto',
    'tagStatus',
    'lastCrossing',
    'validUpto',
    'vehicleNumber',
  ];
  const out: Record<string, string | null> = {};
  for (const k of keep) if (k in r) out[k] = r[k] === null || r[k] === undefined ? null : asText(r[k]);
  if (Array.isArray(r.classes)) out.classes = (r.classes as string[]).join(',');
  return out;
}

const SEVERITY: Record<GateDecision, number> = { NOT_CHECKED: 0, ALLOW: 1, HOLD: 2, DENY: 3 };

/** ALLOW, HOLD or DENY from the sources' results: the strictest outcome of any reason wins. */
export function decide(
  results: SourceResult[],
  ctx: DecideContext,
): { decision: GateDecision; reasons: GateReason[]; checks: GateCheck[] } {
  if (results.length === 0) return { decision: 'NOT_CHECKED', reasons: [], checks: [] };
  const today = localDateTime(ctx.now, ctx.timeZone).date;
  const reasons: GateReason[] = [];
  const checks: GateCheck[] = [];
  const reason = (code: GateReasonCode, source: GateSource, outcome: RuleOutcome, values: string[]) =>
    reasons.push({ code, source, outcome, values, message: reasonText(code, values) });
  for (const result of results) {
    if (!result.ok) {
      reason('SOURCE_UNAVAILABLE', result.source, 'HOLD', [GATE_SOURCE_NAMES[result.source]]);
      checks.push({
        source: result.source,
        subject: result.subject,
        status: 'unavailable',
        cached: false,
        summary: {},
        error: result.error,
      });
      continue;
    }
    const failures = failuresOf(result, ctx, today);
    for (const f of failures) reason(f.code, result.source, ctx.outcomes[f.code], f.values);
    checks.push({
      source: result.source,
      subject: result.subject,
      status: failures.length ? 'failed' : 'ok',
      cached: result.cached,
      summary: summaryOf(result),
      error: null,
    });
  }
  const decision = reasons.reduce<GateDecision>(
    (worst, r) => (SEVERITY[r.outcome] > SEVERITY[worst] ? r.outcome : worst),
    'ALLOW',
  );
  return { decision, reasons, checks };
}

/** A reason per failed check as field-like errors of a refused check-in (each translated by the kernel). */
export const reasonErrors = (reasons: GateReason[]) => Object.fromEntries(reasons.map((r) => [r.code, r.message]));
