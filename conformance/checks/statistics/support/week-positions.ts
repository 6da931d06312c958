/** Weekday names in week order from Monday, each with its short form. */
const ORDERED_NAMES = [
  ['monday', 'mon'],
  ['tuesday', 'tue'],
  ['wednesday', 'wed'],
  ['thursday', 'thu'],
  ['friday', 'fri'],
  ['saturday', 'sat'],
  ['sunday', 'sun'],
];

/** How the seven weekday labels of an activity pattern are placed in the week. */
export interface WeekPositions {
  /** Each label's place in the week, 0..6. */
  position: Map<unknown, number>;
  /**
   * True when the labels name their days (day names: position 0 is Monday); false when they
   * are integers, whose numbering is open (ISO 1–7, 0–6 from Sunday or from Monday), so
   * position 0 is the lowest number's day, whichever day that is.
   */
  absolute: boolean;
}

/**
 * Each label's position in the week, or undefined when the labels are not seven distinct
 * integers or seven distinct day names (any letter case, full or three-letter).
 */
export function weekPositions(weekdays: readonly unknown[]): WeekPositions | undefined {
  const distinct = [...new Set(weekdays)];
  if (distinct.length !== 7) return undefined;
  if (distinct.every((w) => Number.isInteger(w))) {
    // Any integer numbering counts the days in order (ISO 1–7, 0–6 from Sunday or Monday).
    const sorted = (distinct as number[]).sort((a, b) => a - b);
    return { position: new Map(sorted.map((w, i) => [w, i])), absolute: false };
  }
  if (distinct.every((w) => typeof w === 'string')) {
    const index = (w: string) => ORDERED_NAMES.findIndex((names) => names.includes(w.toLowerCase()));
    if (distinct.some((w) => index(w as string) < 0)) return undefined;
    return { position: new Map(distinct.map((w) => [w, index(w as string)])), absolute: true };
  }
  return undefined;
}
