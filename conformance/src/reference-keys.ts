/**
 * What the suite is told about the keys a reference server was started with (the labels of
 * fixtures/keys.json): the keys in the environment, as a user's CI secrets would be, and the
 * limits of the low-limit and day-limited keys as CLI options. Shared by the main job, the
 * in-process runs of the tests and the blind-fault matrix.
 */
import type { ApiKeyRecord } from '../../fixtures/src/model.ts';

export type KeyRecords = Readonly<Record<string, ApiKeyRecord>>;

function byLabel(records: KeyRecords, label: string): ApiKeyRecord {
  const record = records[label];
  if (record === undefined) throw new Error(`the reference server has no "${label}" key`);
  return record;
}

/** `GAMEDIR_*` environment variables holding the keys (never put on a command line). */
export function referenceKeyEnv(records: KeyRecords): Record<string, string> {
  return {
    GAMEDIR_API_KEY: byLabel(records, 'conformance').key,
    GAMEDIR_LOW_LIMIT_KEY: byLabel(records, 'low-limit').key,
    GAMEDIR_DAY_LIMITED_KEY: byLabel(records, 'day-limited').key,
    GAMEDIR_REVOKED_KEY: byLabel(records, 'revoked').key,
  };
}

/** The primary key's minute limit and the limits of the low-limit and day-limited keys as the suite's options (`knows` filters out options an older suite lacks). */
export function referenceKeyLimitArgs(
  records: KeyRecords,
  knows: (option: string) => boolean = () => true,
): string[] {
  const low = byLabel(records, 'low-limit');
  const dayLimited = byLabel(records, 'day-limited');
  const pairs: [string, number][] = [
    ['--api-key-per-minute', byLabel(records, 'conformance').per_minute],
    ['--low-limit-per-minute', low.per_minute],
    ['--low-limit-per-day', low.per_day],
    ['--day-limited-per-day', dayLimited.per_day],
    ['--day-limited-per-minute', dayLimited.per_minute],
  ];
  return pairs.filter(([option]) => knows(option)).flatMap(([option, value]) => [option, String(value)]);
}
