/** The UTC calendar date `YYYY-MM-DD` of an epoch-millisecond instant. */
export function utcDateOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}
