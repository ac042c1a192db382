// What every stock change shares: the place it happens (facility, zone, bin, product), the freeze
// checks that go into its transaction, the reason a refused change gives, and the retry of a change
// that lost a race (conditioned on the quantity it read, it re-reads and tries again).
import { cancellationCodes } from '../lib/dynamo';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { getFacility, type Facility } from '../facilities';
import { capacityProblem } from '../../shared/contracts/wms';
import { binStockUpdate, getBin, type StoredBin } from './bin.store';
import { freezerOf, notFrozenCheck, type FreezeScope } from './cycle-count.store';
import { zoneStockUpdate } from './zone.store';

export interface Place {
  facilityId: string;
  zoneId: string | null;
  binId: string | null;
  productId: string;
}

function scopesOf(p: Place): { scope: FreezeScope; what: string }[] {
  return [
    { scope: { kind: 'FACILITY', id: p.facilityId }, what: 'Stock at this facility' },
    ...(p.zoneId ? [{ scope: { kind: 'ZONE', id: p.zoneId } as FreezeScope, what: 'This zone' }] : []),
    ...(p.binId ? [{ scope: { kind: 'BIN', id: p.binId } as FreezeScope, what: 'This bin' }] : []),
    { scope: { kind: 'PRODUCT', id: `${p.facilityId}#${p.productId}` }, what: 'This product' },
  ];
}

/**
 * ConditionChecks that refuse the change while a cycle count freezes one of its places. A change
 * touching two places (a move) names each scope once: DynamoDB refuses a transaction that has two
 * operations on one item.
 */
export function notFrozenChecks(tenantId: string, ...places: Place[]) {
  const scopes = new Map(places.flatMap(scopesOf).map(({ scope }) => [`${scope.kind}#${scope.id}`, scope]));
  return [...scopes.values()].map((scope) => notFrozenCheck(tenantId, scope));
}

/** The refusal naming the count that freezes the place (the widest scope first), or null when none does.
 * The scopes are read at once: one after another they were four round trips of every stock change,
 * and of each retry of one that lost a race (issue #55: the bench's receipts ran past their deadline). */
export async function frozenRefusal(
  tenantId: string,
  p: Place,
  binCode?: string | null,
): Promise<ConflictError | null> {
  const scopes = scopesOf(p);
  const freezers = await Promise.all(scopes.map(({ scope }) => freezerOf(tenantId, scope)));
  const i = freezers.findIndex(Boolean);
  if (i < 0) return null;
  const { scope, what } = scopes[i]!;
  const place = scope.kind === 'BIN' && binCode ? `Bin ${binCode}` : what;
  return new ConflictError(`${place} is frozen by cycle count ${freezers[i]!.countNumber} until it completes`);
}

/** What a change does to a bin: units (and inventory lines) in (+) or out (-). */
export interface BinChange {
  bin: Pick<StoredBin, 'tenantId' | 'id' | 'zoneId' | 'capacity'>;
  units: number;
  lines?: number;
}

/**
 * The bin and zone updates of a change touching several bins (a move, a count's variances): one
 * update per bin and one per zone, since a transaction may hold only one operation per item.
 */
export function binAndZoneUpdates(changes: BinChange[]) {
  const bins = new Map<string, BinChange & { lines: number }>();
  for (const c of changes) {
    const seen = bins.get(c.bin.id);
    bins.set(c.bin.id, { bin: c.bin, units: (seen?.units ?? 0) + c.units, lines: (seen?.lines ?? 0) + (c.lines ?? 0) });
  }
  const zones = new Map<string, { tenantId: string; units: number }>();
  for (const { bin, units } of bins.values())
    zones.set(bin.zoneId, { tenantId: bin.tenantId, units: (zones.get(bin.zoneId)?.units ?? 0) + units });
  return [
    ...[...bins.values()].filter((c) => c.units || c.lines).map((c) => binStockUpdate(c.bin, c.units, c.lines)),
    ...[...zones].filter(([, z]) => z.units).map(([zoneId, z]) => zoneStockUpdate(z.tenantId, zoneId, z.units)),
  ];
}

export async function facilityOf(tenantId: string, facilityId: string): Promise<Facility> {
  const facility = await getFacility(tenantId, facilityId);
  if (!facility) throw new NotFoundError('Facility not found');
  return facility;
}

/** The bin, which must be at the facility (a bin of another facility is refused). */
export async function binAt(tenantId: string, binId: string, facilityId: string): Promise<StoredBin> {
  return binOfFacility(await getBin(tenantId, binId), facilityId);
}

/** A bin read (null: none), which must be at the facility. */
export function binOfFacility(bin: StoredBin | null, facilityId: string): StoredBin {
  if (!bin) throw new NotFoundError('Bin not found');
  if (bin.facilityId !== facilityId)
    throw new BadRequestError('The bin is not at this facility', { binId: 'The bin is not at this facility' });
  return bin;
}

/** The capacity refusal of doc 3 §5 (the SPA shows it with the 'Capacity Error' toast), or null. */
export function capacityRefusal(bin: StoredBin, adding: number, previous = 0): ConflictError | null {
  const problem = capacityProblem(bin, adding, previous);
  return problem ? new ConflictError(problem, { quantity: problem }) : null;
}

export function checkCapacity(bin: StoredBin, adding: number, previous = 0) {
  const refusal = capacityRefusal(bin, adding, previous);
  if (refusal) throw refusal;
}

/**
 * Runs a change that reads, decides and writes conditioned on what it read: when the write loses a
 * race (its condition fails, or other writes of the same items kept cancelling its transaction),
 * `explain` says whether a rule now refuses it; if none does, it reads again and retries, with a
 * random pause so that racing writers spread out.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  explain: () => Promise<Error | null>,
  attempts = 40,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      const lost =
        (err instanceof ConflictError && err.message === RACE) ||
        !!cancellationCodes(err)?.includes('TransactionConflict');
      if (!lost) throw err;
      // A line that changed meanwhile is no rule's refusal: tried again at once, without asking one.
      const refusal = err instanceof LineRaced ? null : await explain();
      if (refusal) throw refusal;
      if (i >= attempts) throw new ConflictError('The stock is changing too fast right now. Please try again.');
      await new Promise((r) => setTimeout(r, Math.random() * 5 * 2 ** Math.min(i, 7)));
    }
  }
}

/** The message of a condition that failed because a concurrent change got there first. */
export const RACE = 'stock changed meanwhile';
export const raced = () => new ConflictError(RACE);

/** The race lost on the line itself (its quantity changed since it was read): a bin's capacity or a
 * count's freeze did not refuse it, so its retry need not read them (issue #55: the bench's receipts
 * into one line spent their retries reading what could not refuse them, and ran past their deadline). */
class LineRaced extends ConflictError {
  constructor() {
    super(RACE);
  }
}
export const lineRaced = () => new LineRaced();
