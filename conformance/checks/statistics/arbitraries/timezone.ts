import fc from 'fast-check';

/** IANA zones with whole, half and quarter-hour offsets and DST on either hemisphere. */
export function timezone(): fc.Arbitrary<string> {
  return fc.constantFrom(
    'UTC',
    'Europe/Berlin',
    'America/New_York',
    'America/Los_Angeles',
    'Asia/Tokyo',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Australia/Adelaide',
    'Pacific/Auckland',
    'America/Sao_Paulo',
  );
}
