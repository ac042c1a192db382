/**
 * One rule for records two people can edit (optimistic concurrency):
 *
 * - The item carries `revision`, a whole number raised by one on every write. An item written before
 *   revisions existed has none and counts as revision 0 (`revisionOf`).
 * - Every write of a record read at revision r is conditioned on the stored revision still being r
 *   (`revisionCondition(r)`) and stores `nextRevision(r)`: in the item of a Put (`revised(before,
 *   after)`), or with `revisionBump(r)` in the SET of an Update (`revisedFieldsUpdate` builds the
 *   Update of an edit that sets only its fields).
 * - A store whose revision condition failed throws `new RevisionConflictError()`; the kernel answers
 *   it with 409 `{ message, current }`.
 * - A use case runs the read, the checks and the write with `changeAtRevision`:
 *   - an edit from a screen passes `seen`, the revision the user loaded: a different stored revision
 *     (before the write or by a race during it) is a 409 carrying the record as it is now;
 *   - a command that is not an edit of a stale view (assign a door, change a status) passes no
 *     `seen`: it checks its rules on what it read, writes conditioned on that, and on a conflict reads
 *     again and retries a few times, so two commands landing together both take effect.
 *
 * Stores spell conditions with these helpers only; the placeholders are `#revision`, `:seenRevision`
 * and `:nextRevision`, so a store's own names and values merge with them.
 */
import { auditPut, type AuditEntry } from './audit';
import { config } from './config';
import { transact } from './dynamo';
import { ConflictError, RevisionConflictError } from './errors';

export interface Revisioned {
  revision?: number;
}

/** The stored revision of an item; an item from before revisions counts as 0. */
export const revisionOf = (item: Revisioned): number => item.revision ?? 0;

/** The revision a write of an item read at `seen` stores. */
export const nextRevision = (seen: number): number => seen + 1;

/** The record a write of `before` stores: `changed` with the next revision. */
export const revised = <T extends Revisioned>(before: Revisioned, changed: T): T => ({
  ...changed,
  revision: nextRevision(revisionOf(before)),
});

/**
 * The condition of a write of an item read at revision `seen` (and `also`, a condition of the store's
 * own, ANDed). Revision 0 also accepts an item without the attribute, but never a missing item.
 */
export function revisionCondition(seen: number, also?: string) {
  const own =
    seen === 0
      ? 'attribute_exists(PK) AND (attribute_not_exists(#revision) OR #revision = :seenRevision)'
      : '#revision = :seenRevision';
  return {
    ConditionExpression: also ? `(${own}) AND (${also})` : own,
    ExpressionAttributeNames: { '#revision': 'revision' } as Record<string, string>,
    ExpressionAttributeValues: { ':seenRevision': seen } as Record<string, unknown>,
  };
}

/** The SET clause and value that store the next revision in an Update (beside `revisionCondition`). */
export function revisionBump(seen: number) {
  return {
    set: '#revision = :nextRevision',
    values: { ':nextRevision': nextRevision(seen) } as Record<string, unknown>,
  };
}

/**
 * The Update (a TransactWriteItems element) of an edit of the item at `key` read at revision `seen`:
 * it SETs only the `changes` and the next revision, so attributes others keep up to date meanwhile
 * (counters, background results) are left as they are. `also` is a condition of the store's own,
 * whose values may name a change by its field (`:name`).
 */
export function revisedFieldsUpdate(
  key: { PK: string; SK: string },
  seen: number,
  changes: Record<string, unknown>,
  also?: string,
) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  for (const [field, value] of Object.entries(changes)) {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  const bump = revisionBump(seen);
  const condition = revisionCondition(seen, also);
  return {
    Update: {
      TableName: config.tableName,
      Key: key,
      UpdateExpression: `SET ${[...sets, bump.set].join(', ')}`,
      ConditionExpression: condition.ConditionExpression,
      ExpressionAttributeNames: { ...names, ...condition.ExpressionAttributeNames },
      ExpressionAttributeValues: { ...values, ...bump.values, ...condition.ExpressionAttributeValues },
    },
  };
}

/**
 * The Put (a TransactWriteItems element) that saves a whole record (a facility's settings) read as
 * `before` with `after` at the next revision: a first save (no `before`) must still find none.
 */
export function wholeRecordPut<T extends Revisioned>(
  key: { PK: string; SK: string },
  entity: string,
  before: Revisioned | null,
  changed: T,
) {
  const after = revised<T>(before ?? {}, changed);
  return {
    after,
    put: {
      Put: {
        TableName: config.tableName,
        Item: { ...key, entity, ...after },
        ...(before ? revisionCondition(revisionOf(before)) : { ConditionExpression: 'attribute_not_exists(PK)' }),
      },
    },
  };
}

/** How many times a command reads and writes again after losing a race, before it gives up with a 409. */
const COMMAND_ATTEMPTS = 6;

export interface RevisionChange<R extends Revisioned, T> {
  /** A consistent read of the record (null: it does not exist; `apply` decides what that means). */
  read: () => Promise<R | null>;
  /** The revision the user's screen loaded; absent for a command, which retries instead. */
  seen?: number;
  /** The record as its GET returns it, for the 409's `current`. */
  view: (current: R) => unknown;
  /** Checks the rules on the record as read and writes it conditioned on its revision; throws
   * `RevisionConflictError` when that condition failed. */
  apply: (current: R | null) => Promise<T>;
}

/** Runs one change of a record under the rule above (see the top of this file). */
export async function changeAtRevision<R extends Revisioned, T>({
  read,
  seen,
  view,
  apply,
}: RevisionChange<R, T>): Promise<T> {
  const conflictNow = async () => {
    const current = await read();
    return new RevisionConflictError(current ? await view(current) : null);
  };
  for (let attempt = 1; ; attempt++) {
    const current = await read();
    if (current && seen !== undefined && revisionOf(current) !== seen)
      throw new RevisionConflictError(await view(current));
    try {
      return await apply(current);
    } catch (err) {
      if (err instanceof ConflictError && !(err instanceof RevisionConflictError) && attempt < COMMAND_ATTEMPTS) {
        // A rule's refusal read from other records (a check-in's appointment) that a change landing
        // meanwhile had already written: if the record moved on too, the refusal is of a state half
        // read before and half after that change, so it is decided again on the record as it is now.
        const latest = await read();
        if (current && latest && revisionOf(latest) !== revisionOf(current)) continue;
      }
      if (!(err instanceof RevisionConflictError) || err.current !== undefined) throw err;
      if (seen !== undefined || attempt >= COMMAND_ATTEMPTS) throw await conflictNow();
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

export interface FieldsEdit<R extends Revisioned, V> {
  /** The item's key, and a consistent read of it. */
  key: { PK: string; SK: string };
  read: () => Promise<R | null>;
  /** The revision the editing screen loaded, if it sent one. */
  seen?: number;
  /** The fields the edit carries; a field left out (undefined) is kept as it is. */
  changes: Record<string, unknown>;
  view: (current: R) => V;
  /** The error when the record does not exist. */
  missing: () => Error;
  /** Who edits what, for the audit record (its images hold the changed fields, as they were and are). */
  audit: Omit<AuditEntry, 'before' | 'after'>;
}

/** An edit of some fields of a record under the rule above, audited; answers the record as its GET shows it. */
export function editFields<R extends Revisioned, V>(
  { key, read, seen, changes, view, missing, audit }: FieldsEdit<R, V>,
  now = new Date(),
): Promise<V> {
  const fields = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return changeAtRevision({
    read,
    seen,
    view,
    apply: async (before) => {
      if (!before) throw missing();
      const stored = before as unknown as Record<string, unknown>;
      const was = Object.fromEntries(Object.keys(fields).map((field) => [field, stored[field] ?? null]));
      const revision = revisionOf(before);
      await transact(
        [
          revisedFieldsUpdate(key, revision, fields),
          auditPut(
            { ...audit, before: { ...was, revision }, after: { ...fields, revision: nextRevision(revision) } },
            now,
          ),
        ],
        () => new RevisionConflictError(),
      );
      return view((await read())!);
    },
  });
}

export interface WholeRecordSave<T extends Revisioned> {
  key: { PK: string; SK: string };
  entity: string;
  /** The record as read (null: the first save, which must still find none). */
  before: T | null;
  changed: T;
  /** Who saves what, for the audit record; its images are `image` of the record before and after. */
  audit: Omit<AuditEntry, 'before' | 'after' | 'entityType'>;
  /** What the audit record shows of the record (default: all of it); e.g. a secret shown as set or not. */
  image?: (record: T) => Record<string, unknown>;
}

/** Saves a whole record (a facility's settings) at its next revision with its audit record, in one transaction. */
export async function saveWholeRecord<T extends Revisioned>(
  { key, entity, before, changed, audit, image = (r) => ({ ...r }) as Record<string, unknown> }: WholeRecordSave<T>,
  now = new Date(),
): Promise<T> {
  const { after, put } = wholeRecordPut<T>(key, entity, before, changed);
  await transact(
    [put, auditPut({ ...audit, entityType: entity, before: before ? image(before) : null, after: image(after) }, now)],
    () => new RevisionConflictError(),
  );
  return after;
}
