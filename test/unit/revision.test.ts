// changeAtRevision (functions/lib/revision.ts) when a rule refuses on what another record said: a
// change of the record that landed meanwhile makes the refusal one of a half-old state, so the
// change is decided again on the record as it is now (a stale edit: 409 with the record; a command:
// its rules again).
import { describe, expect, it } from 'vitest';
import { changeAtRevision } from '../../functions/lib/revision';
import { ConflictError, RevisionConflictError } from '../../functions/lib/errors';

interface Door {
  revision: number;
  door: string | null;
}

/** A check-in (`record`) whose door another writer gives between this change's read and its rule check. */
function raced() {
  const record: Door = { revision: 3, door: null };
  return {
    read: async () => ({ ...record }),
    /** The rule reads the appointment, which the other writer already changed: a refusal of a mixed state. */
    apply: async (current: Door | null) => {
      if (current!.door) throw new ConflictError(`This check-in already has door ${current!.door}`);
      if (record.revision === 3) Object.assign(record, { revision: 4, door: 'D08' });
      throw new ConflictError('This appointment is arrived at door D08; a door cannot be assigned');
    },
  };
}

describe('a refusal read while the record changed', () => {
  it('is a stale edit for a screen that loaded the earlier revision: 409 with the record now', async () => {
    const r = raced();
    const change = changeAtRevision({ read: r.read, seen: 3, view: (c) => c, apply: r.apply });
    await expect(change).rejects.toBeInstanceOf(RevisionConflictError);
    await expect(change).rejects.toMatchObject({ current: { revision: 4, door: 'D08' } });
  });

  it("is decided again for a command: the record's own rule answers", async () => {
    const r = raced();
    const change = changeAtRevision({ read: r.read, view: (c) => c, apply: r.apply });
    await expect(change).rejects.toThrow('This check-in already has door D08');
    await expect(change).rejects.not.toBeInstanceOf(RevisionConflictError);
  });

  it('stands when the record did not change: the refusal is answered as it is, read once more only', async () => {
    const record: Door = { revision: 7, door: null };
    let reads = 0;
    const change = changeAtRevision({
      read: async () => (reads++, { ...record }),
      seen: 7,
      view: (c) => c,
      apply: async () => {
        throw new ConflictError('Door D08 is under maintenance');
      },
    });
    await expect(change).rejects.toThrow('Door D08 is under maintenance');
    expect(reads).toBe(2);
  });
});
