import { longestObjectArray } from './object-arrays.ts';

/**
 * A statistics point's fields found without being told their names (D7 leaves them open):
 * first by the words the names use (`date`/`time`/`start`…, `count`/`samples`…, `avg`/`mean`…,
 * `min`/`low`…, `max`/`high`…), each word naming exactly one field; failing that by structure —
 * the epoch-second integers are the date, the never-null integers ≥ 0 the count, and of the
 * three number-or-null fields the one always lowest is the minimum and the one always highest
 * the maximum. A naming found by that ordering (`by: 'order'`) cannot judge min ≤ average ≤ max.
 */
export interface PointFields {
  date: string;
  count: string;
  average: string;
  min: string;
  max: string;
  by: 'profile' | 'names' | 'order';
}

type Role = Exclude<keyof PointFields, 'by'>;
const ROLES: readonly Role[] = ['date', 'count', 'average', 'min', 'max'];

const NAME_WORDS: Record<Role, RegExp> = {
  date: /date|time|^ts$|^t$|^at$|start|bucket|epoch|^when$|^period/i,
  count: /count|observ|sample|^n$|^num|^total$/i,
  average: /avg|average|mean/i,
  min: /min(?!ute)|low/i,
  max: /max|high|peak/i,
};

/** 2000-01-01 in epoch seconds: an integer below it is no plausible bucket start. */
const EPOCH_FLOOR = 946_684_800;

type Point = Record<string, unknown>;

const isInteger = (value: unknown): boolean => Number.isInteger(value);
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const isAggregate = (value: unknown): boolean =>
  value === null || (typeof value === 'number' && Number.isFinite(value));

function sharedKeys(points: readonly Point[]): string[] {
  return Object.keys(points[0] ?? {}).filter((key) => points.every((point) => key in point));
}

function byNames(keys: readonly string[]): PointFields | undefined {
  const found: Partial<Record<Role, string>> = {};
  for (const role of ROLES) {
    const matches = keys.filter((key) => NAME_WORDS[role].test(key));
    if (matches.length !== 1) return undefined;
    found[role] = matches[0];
  }
  const chosen = ROLES.map((role) => found[role]!);
  if (new Set(chosen).size !== ROLES.length) return undefined;
  return { ...(found as Record<Role, string>), by: 'names' };
}

/** The one field holding epoch-second integers, if exactly one does: the date, whatever else is unclear. */
export function identifyDateField(points: readonly Point[], nowSeconds: number): string | undefined {
  const dates = sharedKeys(points).filter((key) =>
    points.every((point) => {
      const v = point[key];
      return isInteger(v) && (v as number) >= EPOCH_FLOOR && (v as number) <= nowSeconds + 86_400 * 400;
    }),
  );
  return dates.length === 1 ? dates[0] : undefined;
}

function byOrder(
  points: readonly Point[],
  keys: readonly string[],
  nowSeconds: number,
): PointFields | undefined {
  const column = (key: string) => points.map((point) => point[key]);
  const date = identifyDateField(points, nowSeconds);
  if (date === undefined) return undefined;
  const rest = keys.filter((key) => key !== date);
  // The count is the integer field never null; among several, the only one that is 0 exactly
  // where the others are null.
  const counts = rest.filter((key) => column(key).every(isCount));
  const aggregates = rest.filter((key) => column(key).every(isAggregate));
  const zeroWhereEmpty = counts.filter((key) =>
    points.every(
      (point) => (point[key] === 0) === rest.filter((k) => k !== key).every((k) => point[k] === null),
    ),
  );
  const countKey =
    counts.length === 1 ? counts[0] : zeroWhereEmpty.length === 1 ? zeroWhereEmpty[0] : undefined;
  if (countKey === undefined) return undefined;
  const three = aggregates.filter((key) => key !== countKey);
  if (three.length !== 3) return undefined;
  const full = points.filter((point) => three.every((key) => typeof point[key] === 'number'));
  const lowest = three.filter((key) =>
    full.every((p) => three.every((k) => (p[key] as number) <= (p[k] as number))),
  );
  const highest = three.filter((key) =>
    full.every((p) => three.every((k) => (p[key] as number) >= (p[k] as number))),
  );
  if (lowest.length !== 1 || highest.length !== 1 || lowest[0] === highest[0]) return undefined;
  const average = three.find((key) => key !== lowest[0] && key !== highest[0])!;
  return { date, count: countKey, average, min: lowest[0]!, max: highest[0]!, by: 'order' };
}

/** The points' field names, or undefined when neither their names nor their values tell them apart. */
export function identifyPointFields(points: readonly Point[], nowSeconds: number): PointFields | undefined {
  if (points.length === 0) return undefined;
  const keys = sharedKeys(points);
  return byNames(keys) ?? byOrder(points, keys, nowSeconds);
}

/** One point read under the identified names. */
export interface NamedPoint {
  date: unknown;
  count: unknown;
  average: unknown;
  min: unknown;
  max: unknown;
}

export function readPoint(point: Point, fields: PointFields): NamedPoint {
  return {
    date: point[fields.date],
    count: point[fields.count],
    average: point[fields.average],
    min: point[fields.min],
    max: point[fields.max],
  };
}

/** The points of an answer (its longest array of objects, whatever it is called) under the found names. */
export function pointsOf(body: unknown, fields: PointFields): NamedPoint[] {
  return (longestObjectArray(body)?.items ?? []).map((point) => readPoint(point, fields));
}
