// The write of an edit of a warehouse record read at its revision (functions/lib/revision.ts): when
// another save of the same record is being written at that moment, DynamoDB cancels this one as a
// transaction conflict; after transact's retries that is the edit losing the race, answered like a
// failed revision condition (RevisionConflictError: a 409 with the record as it is now), not as the
// database being unavailable.
import { cancellationCodes, transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';

export async function transactEdit(
  items: Parameters<typeof transact>[0],
  onConditionFailed: (index: number) => Error,
): Promise<void> {
  try {
    await transact(items, onConditionFailed);
  } catch (err) {
    if (cancellationCodes(err)?.includes('TransactionConflict')) throw new RevisionConflictError();
    throw err;
  }
}
