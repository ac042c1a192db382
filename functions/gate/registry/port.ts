// The registry port: one adapter per government source (VAHAN, SARATHI, FASTag, e-way bill), each
// reached through ULIP today. An adapter turns ULIP's answer into one of these records or throws
// SourceUnavailableError (timeout, 5xx, garbage, HTML, an empty record), never a guess.
import type { GateSource } from '../../../shared/contracts/gate';

/** Dates are 'YYYY-MM-DD' (valid through that day in India); instants are ISO strings. */
export interface VahanRecord {
  registrationNumber: string;
  status: string;
  fitnessUpto: string | null;
  insuranceUpto: string | null;
  taxUpto: string | null;
  permitUpto: string | null;
  pucUpto: string | null;
  vehicleClass: string | null;
}

export interface SarathiRecord {
  dlNumber: string;
  status: string;
  classes: string[];
  transportValidUpto: string | null;
  nonTransportValidUpto: string | null;
}

export interface FastagRecord {
  vehicleNumber: string;
  tagStatus: 'ACTIVE' | 'INACTIVE' | 'BLACKLISTED';
  lastCrossing: string | null;
  /** The answer's txn entries as sent (the trip watch reads them: functions/trips/estimate.ts). */
  crossings?: unknown[];
}

export interface EwaybillRecord {
  ewbNumber: string;
  status: 'ACTIVE' | 'CANCELLED';
  validUpto: string | null;
  vehicleNumber: string | null;
}

export interface RegistryRecords {
  VAHAN: VahanRecord;
  SARATHI: SarathiRecord;
  FASTAG: FastagRecord;
  EWAYBILL: EwaybillRecord;
}

/** What a ULIP call gives an adapter: the parsed JSON envelope of a 200. */
export type UlipCall = (path: string, body: Record<string, string>) => Promise<unknown>;

export interface RegistryAdapter<S extends GateSource> {
  source: S;
  /** ULIP's path of the API, e.g. '/ulip/v1.0.0/VAHAN/01'. */
  path: string;
  lookup(call: UlipCall, subject: string, extra?: Record<string, string>): Promise<RegistryRecords[S]>;
}

export class SourceUnavailableError extends Error {
  constructor(
    readonly source: GateSource,
    readonly detail: string,
  ) {
    super(`${source}: ${detail}`);
    this.name = 'SourceUnavailableError';
  }
}

/** The result of asking one source: its record, or why it could not be had. */
export type SourceResult<S extends GateSource = GateSource> =
  | { source: S; subject: string; ok: true; record: RegistryRecords[S]; cached: boolean }
  | { source: S; subject: string; ok: false; error: string };
