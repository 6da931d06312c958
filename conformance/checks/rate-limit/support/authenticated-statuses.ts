/** §7: the rate-limit headers and X-Request-ID appear on 200, 404, 405, 422 and 429. */
export const RATE_LIMITED_STATUSES = [200, 404, 405, 422, 429];
