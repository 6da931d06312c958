import fc from 'fast-check';

/**
 * IANA zones with whole, half and quarter-hour offsets and DST on either hemisphere.
 * Each is a canonical name in both the IANA database and ICU (D53 tolerates a server
 * that refuses aliases: `Asia/Kolkata` and `Asia/Kathmandu` are aliases in ICU, which
 * lists `Asia/Calcutta` and `Asia/Katmandu`), so every reading of D53 accepts them.
 */
export function timezone(): fc.Arbitrary<string> {
  return fc.constantFrom(
    'UTC',
    'Europe/Berlin',
    'America/New_York',
    'America/Los_Angeles',
    'Asia/Tokyo',
    'Asia/Colombo',
    'Pacific/Chatham',
    'Australia/Adelaide',
    'Pacific/Auckland',
    'America/Sao_Paulo',
  );
}
