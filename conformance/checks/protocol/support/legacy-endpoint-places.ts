import type { RequestOptions } from '../../../src/core/http-client.ts';

/**
 * Where the retired `/json.php` may answer (D30, tolerant): at the origin root or under the
 * base, with or without a key. In this order: the first 410 found is the endpoint.
 */
export const LEGACY_ENDPOINT_PLACES: ReadonlyArray<{ where: string; options: RequestOptions }> = [
  { where: 'origin root, no key', options: { fromOrigin: true, auth: 'none' } },
  { where: 'origin root, with key', options: { fromOrigin: true, auth: 'primary' } },
  { where: 'under the base, with key', options: { auth: 'primary' } },
  { where: 'under the base, no key', options: { auth: 'none' } },
];
