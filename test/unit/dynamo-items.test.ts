// An item read from the table becomes its entity (functions/lib/dynamo.ts): the table's own key and
// index attributes dropped, every attribute of the entity kept as read (nulls, zeros, nested values).
import { describe, expect, it } from 'vitest';
import { withoutKeys } from '../../functions/lib/dynamo';

describe('withoutKeys', () => {
  it('drops the partition, sort and index keys and the entity tag, and keeps the rest as read', () => {
    const item = {
      PK: 'TENANT#t1#APPT#a1',
      SK: 'APPT',
      GSI1PK: 'TENANT#t1#APPTDATE#2026-12-31',
      GSI1SK: 'fac-1#08:00#a1',
      GSI2PK: 'TENANT#t1#DRIVER#d1',
      GSI2SK: '2026-12-31#08:00#a1',
      GSI3PK: 'TENANT#t1#FACILITY#fac-1#ATDOOR#2026-12-31',
      GSI3SK: 'door-01#a1',
      entity: 'appointment',
      id: 'a1',
      driverId: null,
      palletCount: 0,
      guest: { ownerContactNumber: '9876543210' },
    };
    expect(withoutKeys(item)).toEqual({
      id: 'a1',
      driverId: null,
      palletCount: 0,
      guest: { ownerContactNumber: '9876543210' },
    });
    // The item read is left as it was.
    expect(item.PK).toBe('TENANT#t1#APPT#a1');
  });
});
