/** Averages in statistics and activity cells carry two decimals (D13). */
export function roundToHundredths(value: number): number {
  return Math.round(value * 100) / 100;
}
