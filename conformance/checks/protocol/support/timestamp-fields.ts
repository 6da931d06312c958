/**
 * §1 rule 4: which fields hold timestamps, read from the spec (every property whose schema
 * is a `date-time` string, possibly nullable); their values in a body: spec-fields.ts.
 */
import type { SpecValidator } from '../../../../spec/src/spec-loader.ts';
import { fieldNamesWhere } from './spec-fields.ts';

function isTimestampSchema(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const s = schema as Record<string, unknown>;
  if (s.format === 'date-time') return true;
  return ['oneOf', 'anyOf', 'allOf'].some(
    (key) => Array.isArray(s[key]) && (s[key] as unknown[]).some((sub) => isTimestampSchema(sub)),
  );
}

export function timestampFieldNames(spec: SpecValidator): Set<string> {
  return fieldNamesWhere(spec, isTimestampSchema);
}

const SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Null, or exactly `YYYY-MM-DDThh:mm:ssZ` naming a real instant. */
export function isApiTimestamp(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'string' || !SHAPE.test(value)) return false;
  const parsed = new Date(value);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().replace('.000Z', 'Z') === value;
}
