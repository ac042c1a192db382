// The gate check of one arrival (or booking): the checks the tenant has switched on, for the vehicle,
// the driver's licence and the e-way bill, in parallel, each source within its own 3 s (inside the request deadline); answers are
// cached per tenant for the tenant's hours. A tenant without ULIP set up is not checked (null): its
// gate is never blocked by a feature it has not turned on.
import { BadRequestError } from '../lib/errors';
import { logger } from '../lib/logger';
import { countFigure } from '../lib/telemetry';
import { GATE_SOURCES, type GateOutcome, type GateSource } from '../../shared/contracts/gate';
import {
  isDrivingLicenceNumber,
  isEwayBillNumber,
  isVehicleNumber,
  normalizeRegistryNumber,
  NUMBER_MESSAGES,
} from '../../shared/vehicle-numbers';
import { getGateSettings, openPassword, type GateSettings } from './settings.store';
import { cacheAnswer, cachedAnswer } from './gate-check.store';
import { decide } from './rules';
import { sourceBreakers } from './registry/breaker';
import { ulipClient, type UlipAccount } from './registry/ulip-client';
import { SourceUnavailableError, type RegistryAdapter, type SourceResult } from './registry/port';
import { vahan } from './registry/vahan';
import { sarathi } from './registry/sarathi';
import { fastag } from './registry/fastag';
import { ewaybill } from './registry/ewaybill';

const ADAPTERS: { [S in GateSource]: RegistryAdapter<S> } = {
  VAHAN: vahan,
  SARATHI: sarathi,
  FASTAG: fastag,
  EWAYBILL: ewaybill,
};

export interface GateSubjects {
  vehicleNumber: string | null;
  driverLicense: string | null;
  ewayBill: string | null;
  driverDob?: string | null;
}

/** The field names of the check-in forms, so a bad number's message names the field. */
export const SUBJECT_FIELDS = {
  vehicleNumber: 'vehicleLicense',
  driverLicense: 'driverLicense',
  ewayBill: 'ewayBill',
} as const;

/** Malformed numbers are a 400 naming the field; no registry is asked. */
export function checkNumbers(
  s: GateSubjects,
  fields: Record<keyof typeof SUBJECT_FIELDS, string> = SUBJECT_FIELDS,
): void {
  const errors: Record<string, string> = {};
  if (s.vehicleNumber && !isVehicleNumber(s.vehicleNumber)) errors[fields.vehicleNumber] = NUMBER_MESSAGES.vehicle;
  if (s.driverLicense && !isDrivingLicenceNumber(s.driverLicense))
    errors[fields.driverLicense] = NUMBER_MESSAGES.licence;
  if (s.ewayBill && !isEwayBillNumber(s.ewayBill)) errors[fields.ewayBill] = NUMBER_MESSAGES.ewayBill;
  const first = Object.values(errors)[0];
  if (first) throw new BadRequestError(first, errors);
}

async function ask<S extends GateSource>(
  settings: GateSettings,
  account: UlipAccount,
  source: S,
  subject: string,
  extra: Record<string, string>,
  now: Date,
): Promise<SourceResult> {
  const cached = await cachedAnswer(settings.tenantId, source, subject, now);
  if (cached) return { source, subject, ok: true, record: cached, cached: true };
  const breaker = `${settings.tenantId}:${source}`;
  const openMs = sourceBreakers.openFor(breaker);
  if (openMs)
    return { source, subject, ok: false, error: `skipped for ${Math.ceil(openMs / 1000)} s after repeated failures` };
  try {
    const record = await ADAPTERS[source].lookup(ulipClient(account, source), subject, extra);
    sourceBreakers.record(breaker, false);
    await cacheAnswer(settings.tenantId, source, subject, record, settings.cacheHours, now);
    return { source, subject, ok: true, record, cached: false };
  } catch (err) {
    sourceBreakers.record(breaker, true);
    if (sourceBreakers.openFor(breaker)) countFigure('sourceBreakerOpened', { source });
    // Whatever went wrong with a registry holds the truck and names the source; it never fails the check-in.
    if (!(err instanceof SourceUnavailableError))
      logger.warn('gate source failed', { source, err: err instanceof Error ? err.message : String(err) });
    return {
      source,
      subject,
      ok: false,
      error: err instanceof SourceUnavailableError ? err.detail : 'unreadable answer',
    };
  }
}

export async function runGateChecks(
  tenantId: string,
  subjects: GateSubjects,
  at: { timeZone: string; now?: Date },
): Promise<GateOutcome | null> {
  const settings = await getGateSettings(tenantId);
  if (!settings?.enabled) return null;
  const now = at.now ?? new Date();
  const s: GateSubjects = {
    vehicleNumber: subjects.vehicleNumber ? normalizeRegistryNumber(subjects.vehicleNumber) : null,
    driverLicense: subjects.driverLicense ? normalizeRegistryNumber(subjects.driverLicense) : null,
    ewayBill: subjects.ewayBill ? normalizeRegistryNumber(subjects.ewayBill) : null,
    driverDob: subjects.driverDob ?? null,
  };
  checkNumbers(s);
  const account: UlipAccount = {
    tenantId,
    baseUrl: settings.baseUrl,
    username: settings.username,
    password: await openPassword(settings),
  };
  const subjectOf: Record<GateSource, string | null> = {
    VAHAN: s.vehicleNumber,
    FASTAG: s.vehicleNumber,
    SARATHI: s.driverLicense,
    EWAYBILL: s.ewayBill,
  };
  const asked = GATE_SOURCES.filter((source) => settings.checks[source] && subjectOf[source]);
  const results = await Promise.all(
    asked.map((source) =>
      ask(
        settings,
        account,
        source,
        subjectOf[source]!,
        source === 'SARATHI' && s.driverDob ? { dob: s.driverDob } : {},
        now,
      ),
    ),
  );
  const decided = decide(results, {
    now,
    timeZone: at.timeZone,
    outcomes: settings.outcomes,
    vehicleNumber: s.vehicleNumber,
  });
  return { ...decided, checkedAt: now.toISOString(), override: null };
}
