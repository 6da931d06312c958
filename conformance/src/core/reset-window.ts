/**
 * Where a plausible `X-RateLimit-Reset` lies against the server's `Date` (DECISIONS D32,
 * tolerant): the minute limit resets within (Date, Date + 60 s]; the UTC-day limit at the
 * next 00:00:00Z. `Date` has one-second resolution, hence the slack.
 */
export const CLOCK_SLACK_S = 2;

export function nextUtcMidnight(epochSeconds: number): number {
  return Math.floor(epochSeconds / 86_400) * 86_400 + 86_400;
}

export type ResetKind = 'minute' | 'day' | 'implausible';

export function classifyReset(reset: number, serverDateMs: number): ResetKind {
  const date = Math.floor(serverDateMs / 1000);
  if (Math.abs(reset - nextUtcMidnight(date)) <= CLOCK_SLACK_S) return 'day';
  if (reset > date - CLOCK_SLACK_S && reset <= date + 60 + CLOCK_SLACK_S) return 'minute';
  return 'implausible';
}
