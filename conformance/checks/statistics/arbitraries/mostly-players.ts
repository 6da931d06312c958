import fc from 'fast-check';
import { METRICS } from '../support/statistics-vocabulary.ts';

/**
 * A metric, `players` three times in four: the one every crawled game reports, so most cases
 * have observations to compare; the other nine keep their share.
 */
export function mostlyPlayers(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant('players'), weight: 3 },
    { arbitrary: fc.constantFrom(...METRICS), weight: 1 },
  );
}
