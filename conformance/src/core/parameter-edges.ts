/**
 * The edges of every constrained parameter, read from spec/openapi.yaml (never copied beside
 * it): for each `minimum`, `maximum`, `enum`, `pattern` and `format` of a query or path
 * parameter, the value on the VALID side of the edge and the value just past it on the
 * INVALID side. A named value list (`examples` of a string without `enum`, such as `sort`,
 * whose unknown values fall back) gives valid values only. Every value is proven against
 * the parameter's own schema (ajv): a valid edge validates, an invalid one does not.
 * A parameter the server clamps instead of refusing (`/reviews` paging, D19) has no bounds
 * in its schema but the range it clamps to in `x-clamp`: its edges are that range's, proven
 * against the schema with the range as bounds, and every one of them, the invalid side
 * included, must validate against the schema itself (a validating gateway passes it).
 *
 * What a server must answer at each edge is the checks' business (protocol/parameter-edges-*,
 * and the area checks that take their examples from here).
 */
import type { JsonSchema, OperationDefinition, SpecValidator } from '../../../spec/src/spec-loader.ts';

export interface ParameterEdge {
  operationId: string;
  /** Where the parameter goes. */
  in: 'query' | 'path';
  /** The parameter's name as the spec spells it (`codebase_tag_id[]`). */
  param: string;
  /** The value sent, as text. */
  value: string;
  valid: boolean;
  /** The constraint of the spec the edge stands on: `maximum 50`, `enum`, `items.minimum 1`, `format date` … */
  constraint: string;
}

/** A value outside any enumeration of words the description could list. */
export const OUTSIDE_ENUM = 'bogus';

type Schema = JsonSchema & {
  type?: string;
  enum?: unknown[];
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  /** The range a clamping parameter is served within (out-of-range values are clamped, not refused). */
  'x-clamp'?: { minimum?: number; maximum?: number };
};

const servedRanges = new WeakMap<object, Schema>();

/** The schema with its `x-clamp` range as `minimum`/`maximum` (its items' too); the schema itself when it has none. */
function servedRange(schema: Schema): Schema {
  const items = schema.items ? servedRange(schema.items as Schema) : undefined;
  if (!schema['x-clamp'] && items === schema.items) return schema;
  let range = servedRanges.get(schema);
  if (!range) {
    range = { ...schema, ...schema['x-clamp'], ...(items ? { items } : {}) };
    servedRanges.set(schema, range);
  }
  return range;
}

/** The latest 29 February on or before `today` (YYYY-MM-DD). */
export function latestLeapDay(today: string): string {
  let year = Number(today.slice(0, 4));
  if (today.slice(5) < '02-29') year -= 1;
  while (!(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) year -= 1;
  return `${year}-02-29`;
}

/** The latest year before `today` whose February has no 29th, as `YYYY-02-29` (pattern-shaped, not a date). */
function impossibleLeapDay(today: string): string {
  let year = Number(today.slice(0, 4)) - 1;
  while (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) year -= 1;
  return `${year}-02-29`;
}

interface RawEdge {
  value: string;
  valid: boolean;
  constraint: string;
}

/**
 * The edges of one scalar schema (an array parameter's `items` included, prefixed `items.`).
 * An integer's edges also hold a fraction just above its minimum (1.5 for `minimum 1`): past the
 * type's edge, where a server parsing numbers as floats accepts it. Not for a clamped parameter,
 * whose schema takes only integers but whose server falls back on a malformed value (D19).
 */
function scalarEdges(schema: Schema, today: string, prefix = '', clamped = false): RawEdge[] {
  const edges: RawEdge[] = [];
  const add = (value: string | number, valid: boolean, constraint: string) =>
    edges.push({ value: String(value), valid, constraint: `${prefix}${constraint}` });
  if (schema.type === 'integer' || schema.type === 'number') {
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.filter((v): v is number => typeof v === 'number');
      for (const value of values) add(value, true, 'enum');
      add(Math.min(...values) - 1, false, 'enum');
      add(Math.max(...values) + 1, false, 'enum');
      return edges;
    }
    if (schema.maximum !== undefined) {
      add(schema.maximum, true, `maximum ${schema.maximum}`);
      add(schema.maximum + 1, false, `maximum ${schema.maximum}`);
    }
    if (schema.minimum !== undefined) {
      add(schema.minimum, true, `minimum ${schema.minimum}`);
      add(schema.minimum - 1, false, `minimum ${schema.minimum}`);
    }
    if (schema.type === 'integer' && !clamped) add((schema.minimum ?? 1) + 0.5, false, 'type integer');
    return edges;
  }
  if (schema.type === 'string') {
    if (Array.isArray(schema.enum)) {
      for (const value of schema.enum) add(String(value), true, 'enum');
      add(OUTSIDE_ENUM, false, 'enum');
      return edges;
    }
    if (schema.format === 'date' || schema.pattern !== undefined) {
      // Valid: today, and the latest leap day (the calendar's own edge).
      add(today, true, schema.format ? `format ${schema.format}` : 'pattern');
      add(latestLeapDay(today), true, schema.format ? `format ${schema.format}` : 'pattern');
      // Invalid: the shape right but no such day (format), and a real day in another shape (pattern).
      if (schema.format === 'date') add(impossibleLeapDay(today), false, 'format date');
      if (schema.pattern !== undefined) add(today.replaceAll('-', '/'), false, 'pattern');
      return edges;
    }
    if (Array.isArray(schema.examples)) {
      for (const value of schema.examples) add(String(value), true, 'examples (named values)');
    }
  }
  return edges;
}

/** The value as the schema sees it: query text becomes a number where the schema wants one. */
function typed(schema: Schema, value: string): unknown {
  if (schema.type === 'array') return [typed((schema.items ?? {}) as Schema, value)];
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+$/.test(value)) return Number(value);
  return value;
}

/** Every edge of every constrained query and path parameter of one operation. */
export function parameterEdges(
  spec: SpecValidator,
  operation: OperationDefinition,
  today: string,
): ParameterEdge[] {
  const edges: ParameterEdge[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' && parameter.in !== 'path') continue;
    const schema = servedRange(parameter.schema as Schema);
    const clamped = schema !== parameter.schema;
    const raw =
      schema.type === 'array' && schema.items
        ? scalarEdges(schema.items as Schema, today, 'items.', clamped)
        : scalarEdges(schema, today, clamped ? 'x-clamp ' : '', clamped);
    for (const edge of raw) {
      // Each value proven against the parameter's schema: the generator cannot drift from the spec.
      const outcome = spec.validateValue(schema, typed(schema, edge.value), parameter.name);
      if (outcome.valid !== edge.valid) {
        throw new Error(
          `${operation.operationId} ${parameter.name}=${edge.value}: derived as ${edge.valid ? 'valid' : 'invalid'} ` +
            `but the schema${clamped ? ' (x-clamp as bounds)' : ''} says ${outcome.valid ? 'valid' : outcome.errors.join('; ')}`,
        );
      }
      // A clamped value, either side of the range, is one the schema itself lets through.
      const accepted =
        clamped && spec.validateValue(parameter.schema, typed(schema, edge.value), parameter.name);
      if (accepted && !accepted.valid) {
        throw new Error(
          `${operation.operationId} ${parameter.name}=${edge.value}: clamped, yet the schema refuses it: ${accepted.errors.join('; ')}`,
        );
      }
      edges.push({ operationId: operation.operationId, in: parameter.in, param: parameter.name, ...edge });
    }
  }
  return edges;
}

/** The spec's tags of an operation (`games`, `statistics` …). */
export function operationTags(spec: SpecValidator, operation: OperationDefinition): string[] {
  const item = spec.document.paths[operation.path] as Record<string, { tags?: unknown } | undefined>;
  const tags = item[operation.method.toLowerCase()]?.tags;
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

/**
 * The `error.code` values an operation documents for a status, read from its response schema
 * (`allOf: [Error, {properties: {error: {properties: {code: {enum}}}}}]`); empty when the
 * status is not documented or names no code.
 */
export function documentedErrorCodes(operation: OperationDefinition, status: number): string[] {
  const schema = operation.responses[String(status)]?.schema;
  const codes: string[] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    const code = (
      (record.properties as Record<string, unknown> | undefined)?.error as
        { properties?: { code?: { enum?: unknown[] } } } | undefined
    )?.properties?.code?.enum;
    if (Array.isArray(code)) codes.push(...code.filter((c): c is string => typeof c === 'string'));
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      if (Array.isArray(record[key])) for (const part of record[key]) visit(part);
    }
  };
  visit(schema);
  return [...new Set(codes)];
}

/** The invalid edges of some parameters of one operation (area checks take them as examples). */
export function invalidEdgesOf(
  spec: SpecValidator,
  operationId: string,
  params: readonly string[],
  today: string,
): ParameterEdge[] {
  return parameterEdges(spec, spec.operation(operationId), today).filter(
    (edge) => !edge.valid && params.includes(edge.param),
  );
}
