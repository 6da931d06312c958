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

/** The four cell fields under their found names; `by` says how they were found. */
export interface CellFields {
  weekday: string;
  hour: string;
  count: string;
  average: string;
  by: 'profile' | 'names' | 'structure';
}

type CellRole = Exclude<keyof CellFields, 'by'>;
const CELL_ROLES: readonly CellRole[] = ['weekday', 'hour', 'count', 'average'];

const CELL_WORDS: Record<CellRole, RegExp> = {
  weekday: /week|^dow$|^wday$|^day$|day_?of_?week|^d$/i,
  hour: /hour|^hr$|^h$/i,
  count: /count|observ|sample|^n$|^num|^total$/i,
  average: /avg|average|mean/i,
};

/**
 * The cells' field names without being told them (D12): by the words of the names, each
 * naming exactly one field; else by structure — the field taking 7 values 24 times each is
 * the weekday, 24 values 7 times each the hour, and the one (count, average) reading left.
 */
export function identifyCellFields(cells: ReadonlyArray<Record<string, unknown>>): CellFields | undefined {
  const keys = Object.keys(cells[0] ?? {}).filter((key) => cells.every((cell) => key in cell));
  const named: Partial<Record<CellRole, string>> = {};
  for (const role of CELL_ROLES) {
    const matches = keys.filter((key) => CELL_WORDS[role].test(key));
    if (matches.length === 1) named[role] = matches[0];
  }
  const chosen = CELL_ROLES.map((role) => named[role]);
  if (chosen.every((key) => key !== undefined) && new Set(chosen).size === CELL_ROLES.length) {
    return { ...(named as Record<CellRole, string>), by: 'names' };
  }
  const column = (key: string) => cells.map((cell) => cell[key]);
  const weekdays = keys.filter((key) => isAxis(column(key), 7, 24));
  const hours = keys.filter((key) => isAxis(column(key), 24, 7));
  const readings = cellReadings(cells);
  if (weekdays.length !== 1 || hours.length !== 1 || readings.length !== 1) return undefined;
  return { weekday: weekdays[0]!, hour: hours[0]!, ...readings[0]!, by: 'structure' };
}
