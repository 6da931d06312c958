/** The API's two time shapes (§1.4): `YYYY-MM-DDThh:mm:ssZ` timestamps and `YYYY-MM-DD` dates, both UTC. */

/** Epoch seconds → `YYYY-MM-DDThh:mm:ssZ` (no milliseconds). */
export function formatUtcTimestamp(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 19) + 'Z';
}

/** Epoch seconds → the UTC calendar date `YYYY-MM-DD` containing it. */
export function formatUtcDate(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10);
}
