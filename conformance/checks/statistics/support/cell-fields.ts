/**
 * The activity pattern's cell fields read by what they hold, not by their names (which the
 * description leaves open, D12/D13). Over the 168 cells the weekday field takes 7 values 24
 * times each and the hour field 24 values 7 times each; of the other fields, a count holds
 * non-negative integers and an average numbers or nulls. Every (count, average) pair the
 * structure allows is a reading; a rule about counts and averages is broken only when it
 * fails under every reading, so a server is never failed for a naming the suite guessed wrong.
 */
export interface CellReading {
  count: string;
  average: string;
}

function isCountValue(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0;
}

function isAverageValue(value: unknown): boolean {
  return value === null || (typeof value === 'number' && Number.isFinite(value));
}

/** Takes exactly `distinct` values, each `times` times (a weekday or an hour axis). */
function isAxis(values: unknown[], distinct: number, times: number): boolean {
  const tally = new Map<unknown, number>();
  for (const value of values) tally.set(value, (tally.get(value) ?? 0) + 1);
  return tally.size === distinct && [...tally.values()].every((n) => n === times);
}

export function cellReadings(cells: ReadonlyArray<Record<string, unknown>>): CellReading[] {
  const keys = Object.keys(cells[0] ?? {}).filter((key) => cells.every((cell) => key in cell));
  const columns = keys
    .map((key) => ({ key, values: cells.map((cell) => cell[key]) }))
    .filter(({ values }) => !isAxis(values, 7, 24) && !isAxis(values, 24, 7));
  const counts = columns.filter(({ values }) => values.every(isCountValue)).map(({ key }) => key);
  const averages = columns.filter(({ values }) => values.every(isAverageValue)).map(({ key }) => key);
  return counts.flatMap((count) =>
    averages.filter((average) => average !== count).map((average) => ({ count, average })),
  );
}
