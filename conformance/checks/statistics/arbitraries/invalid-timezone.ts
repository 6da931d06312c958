import fc from 'fast-check';
import { INHERITED_NAMES } from '../../harness/arbitraries/inherited-names.ts';

const KNOWN_ZONES = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/**
 * Names that are no IANA time zone (D53: obviously invalid, never an alias): areas
 * that do not exist with a made-up city, offsets out of range, words, and UTC offsets in
 * their common spellings (`+09:00`, `UTC+9`): an offset is no zone of the IANA database, yet
 * date libraries (ECMA-402's `Intl.DateTimeFormat` among them) take `+09:00` as a zone; and
 * zone abbreviations no database lists (`PDT`, `CEST`).
 */
export const OFFSET_ZONES = ['+09:00', '-05:00', '+0530', 'UTC+9', 'GMT-5', 'UTC-03:00'];

export function invalidTimezone(): fc.Arbitrary<string> {
  const city = fc.stringMatching(/^[A-Z][a-z]{2,10}$/);
  return fc
    .oneof(
      fc.constant('Mars/Olympus'),
      fc
        .tuple(fc.constantFrom('Mars', 'Atlantis', 'Moon', 'Narnia', 'Gondor'), city)
        .map(([area, name]) => `${area}/${name}`),
      fc.constantFrom('UTC+25', 'GMT+99', 'Europe/', '/Berlin', 'Europe//Berlin', 'not a zone'),
      fc.constantFrom(...OFFSET_ZONES),
      // Abbreviations a date library may read as zones; none names a zone of the IANA database
      // (those it holds, `EST` or `CET`, and those ICU takes, `JST` or `IST`, are left out: D53).
      fc.constantFrom('PDT', 'CEST', 'AEST', 'Z'),
      // Names every object answers to: a zone looked up in a plain object of aliases finds a function.
      fc.constantFrom(...INHERITED_NAMES),
      fc.stringMatching(/^[a-z]{3,12}$/).map((word) => `Zz${word}`),
    )
    .filter((name) => !KNOWN_ZONES.has(name));
}
