import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldValues, type FieldValue } from './spec-fields.ts';

/** The definition, written the plain recursive way: the values of the named fields, in document order. */
function plainFieldValues(body: unknown, names: ReadonlySet<string>, at = ''): FieldValue[] {
  if (Array.isArray(body))
    return body.flatMap((item, index) => plainFieldValues(item, names, `${at}/${index}`));
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  const isMsspSnapshot = 'collected_at' in record && 'values' in record;
  return Object.entries(record).flatMap(([key, value]) => {
    if (isMsspSnapshot && key === 'values') return [];
    if (names.has(key) && (value === null || typeof value !== 'object'))
      return [{ at: `${at}/${key}`, value }];
    return plainFieldValues(value, names, `${at}/${key}`);
  });
}

describe('fieldValues', () => {
  it('finds the named scalar fields with their locations, MSSP values left out', () => {
    const body = {
      data: [
        { id: 1, dates: { updated: '2026-12-01T00:00:00Z', created: null } },
        { id: 2, dates: { updated: { nested: 'x' } }, mssp: { collected_at: 't', values: { updated: 'v' } } },
      ],
    };
    expect(fieldValues(body, new Set(['updated', 'created', 'collected_at']), '/x')).toEqual([
      { at: '/x/data/0/dates/updated', value: '2026-12-01T00:00:00Z' },
      { at: '/x/data/0/dates/created', value: null },
      { at: '/x/data/1/mssp/collected_at', value: 't' },
    ]);
  });

  it('agrees with the plain recursive definition on any JSON', () => {
    const keys = ['a', 'b', 'updated', 'values', 'collected_at', '0', 'id'];
    fc.assert(
      fc.property(
        fc.letrec((tie) => ({
          node: fc.oneof(
            { depthSize: 'small' },
            fc.constantFrom(null, 1, 'x', true),
            fc.array(tie('node'), { maxLength: 4 }),
            fc.dictionary(fc.constantFrom(...keys), tie('node'), { maxKeys: 5 }),
          ),
        })).node,
        fc.subarray(keys),
        (body, names) => {
          const set = new Set(names);
          expect(fieldValues(body, set)).toEqual(plainFieldValues(body, set));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
