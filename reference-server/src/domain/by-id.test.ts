import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ById } from './by-id.ts';

describe('ById', () => {
  it('finds every record by id and nothing else, in id order whatever the given order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 501 }),
        (ids, probe) => {
          const records = ids.map((id) => ({ id, name: `r${id}` }));
          const byId = new ById(records);
          expect(byId.records.map((r) => r.id)).toEqual([...ids].sort((a, b) => a - b));
          for (const record of records) expect(byId.get(record.id)).toBe(record);
          expect(byId.get(probe)).toBe(records.find((r) => r.id === probe));
          expect(byId.positionOf(probe)).toBe(byId.records.findIndex((r) => r.id === probe));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the given array when it is already in id order', () => {
    const records = [{ id: 2 }, { id: 5 }, { id: 9 }];
    expect(new ById(records).records).toBe(records);
  });
});
