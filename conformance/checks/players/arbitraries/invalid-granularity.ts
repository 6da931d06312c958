import fc from 'fast-check';
import { INHERITED_NAMES } from '../../harness/arbitraries/inherited-names.ts';

/**
 * Granularity values that are neither `daily` nor `raw`: other resolutions, words and
 * numbers. Case and whitespace variants of the two values (`DAILY`, `raw `) and the
 * empty string are left out: a server may read them as the value or as "absent".
 */
export function invalidGranularity(): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom(
        'hourly',
        'weekly',
        'monthly',
        'minute',
        'day',
        'days',
        'rawdata',
        'average',
        '1',
        '0',
        'true',
      ),
      fc.stringMatching(/^[a-z0-9_-]{1,12}$/),
      fc.constantFrom(...INHERITED_NAMES),
    )
    .filter((value) => !['daily', 'raw'].includes(value.trim().toLowerCase()));
}
