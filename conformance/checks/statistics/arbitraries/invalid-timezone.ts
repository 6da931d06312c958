import fc from 'fast-check';

const KNOWN_ZONES = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/**
 * Names that are no IANA time zone (D53: obviously invalid, never an alias): areas
 * that do not exist with a made-up city, offsets out of range, words.
 */
export function invalidTimezone(): fc.Arbitrary<string> {
  const city = fc.stringMatching(/^[A-Z][a-z]{2,10}$/);
  return fc
    .oneof(
      fc.constant('Mars/Olympus'),
      fc
        .tuple(fc.constantFrom('Mars', 'Atlantis', 'Moon', 'Narnia', 'Gondor'), city)
        .map(([area, name]) => `${area}/${name}`),
      fc.constantFrom('UTC+25', 'GMT+99', 'Europe/', '/Berlin', 'Europe//Berlin', 'not a zone'),
      fc.stringMatching(/^[a-z]{3,12}$/).map((word) => `Zz${word}`),
    )
    .filter((name) => !KNOWN_ZONES.has(name));
}
