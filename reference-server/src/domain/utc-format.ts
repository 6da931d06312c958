/**
 * The API's two time shapes (§1.4): `YYYY-MM-DDThh:mm:ssZ` timestamps and `YYYY-MM-DD`
 * dates, both UTC, for years 0000–9999.
 *
 * Written by arithmetic instead of `Date#toISOString` (the day → civil date conversion
 * of H. Hinnant's `civil_from_days`): a page of 20 games formats about 200 timestamps,
 * and toISOString plus slicing was an eighth of a page request's CPU time at 100,000
 * games. utc-format.test.ts holds it equal to toISOString over the whole range.
 */

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : String(n)));

function civilDate(day: number): string {
  // civil_from_days: eras of 400 years (146,097 days), March-based years.
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const dayOfMonth = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const yyyy = year < 1000 ? String(year).padStart(4, '0') : String(year);
  return `${yyyy}-${TWO_DIGITS[month]}-${TWO_DIGITS[dayOfMonth]}`;
}

/** Epoch seconds → `YYYY-MM-DDThh:mm:ssZ` (no milliseconds; a fraction of a second is dropped). */
export function formatUtcTimestamp(epochSeconds: number): string {
  const whole = Math.floor(epochSeconds);
  const day = Math.floor(whole / 86_400);
  const second = whole - day * 86_400;
  const hour = Math.floor(second / 3600);
  const minute = Math.floor((second % 3600) / 60);
  return `${civilDate(day)}T${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second % 60]}Z`;
}

/** Epoch seconds → the UTC calendar date `YYYY-MM-DD` containing it. */
export function formatUtcDate(epochSeconds: number): string {
  return civilDate(Math.floor(epochSeconds / 86_400));
}
