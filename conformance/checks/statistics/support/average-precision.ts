/**
 * How far an answer's averages may be from the means they stand for (D7 names no precision): one
 * unit of the finest decimal place its averages show (rounding or truncation to that place), at
 * most six; a whole unit when they show none.
 */
export function precisionSlack(points: ReadonlyArray<{ average: unknown }>): number {
  let decimals = 0;
  for (const { average } of points) {
    if (typeof average !== 'number' || Number.isInteger(average)) continue;
    const fraction = String(average).split('.')[1] ?? '';
    decimals = Math.max(decimals, /e/i.test(fraction) ? 6 : fraction.length);
  }
  return 10 ** -Math.min(decimals, 6);
}
