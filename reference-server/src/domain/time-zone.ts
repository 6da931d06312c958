/**
 * D53: a time zone is valid when the runtime's ICU knows it as an IANA zone —
 * one of Intl.supportedValuesOf('timeZone') plus `UTC`, or a name ICU resolves to
 * one of those (aliases such as `Asia/Kolkata`, which this ICU lists as
 * `Asia/Calcutta`, or `Etc/UTC`). Offset strings (`+05:00`) are not IANA names.
 */

export const CANONICAL_ZONES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** The canonical IANA name ICU uses for `name`, or undefined when `name` is not an IANA zone. */
export function resolveTimeZone(name: string): string | undefined {
  if (CANONICAL_ZONES.has(name)) return name;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  return CANONICAL_ZONES.has(resolved) ? resolved : undefined;
}
