/**
 * The one way into spec/openapi.yaml for the server's tests and the conformance suite:
 * the document validated and dereferenced by swagger-parser, and ajv (draft 2020-12,
 * with formats) validators compiled from its schemas. Nothing else writes a schema.
 */
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats ships CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export const SPEC_PATH = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

export type JsonSchema = Record<string, unknown>;

export interface HeaderDefinition {
  required: boolean;
  schema: JsonSchema;
}

export interface ResponseDefinition {
  status: string;
  headers: Record<string, HeaderDefinition>;
  schema: JsonSchema | undefined;
}

export interface OperationDefinition {
  operationId: string;
  method: string;
  /** Path template relative to the server URL, e.g. `/games/{gameId}`. */
  path: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema: JsonSchema }>;
  responses: Record<string, ResponseDefinition>;
  /** Whether the operation requires the Bearer key (everything but /json.php). */
  secured: boolean;
}

export interface ValidationOutcome {
  valid: boolean;
  /** One line per problem, `<where> <message>`; empty when valid. */
  errors: string[];
}

export interface OpenApiDocument {
  openapi: string;
  info: { version: string; title: string };
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; [key: string]: unknown };
  security?: unknown[];
}

let documentPromise: Promise<OpenApiDocument> | undefined;

/** The spec, validated and fully dereferenced (cached per process). */
export function loadSpec(): Promise<OpenApiDocument> {
  documentPromise ??= (async () => {
    // validate() dereferences in place; parse a fresh copy each process.
    const api = (await SwaggerParser.validate(SPEC_PATH)) as unknown as OpenApiDocument;
    return api;
  })();
  return documentPromise;
}

/** The spec as written (with $refs), for tooling that wants the original structure. */
export async function loadRawSpec(): Promise<OpenApiDocument> {
  return (await SwaggerParser.parse(SPEC_PATH)) as unknown as OpenApiDocument;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function formatErrors(errors: ErrorObject[] | null | undefined, where: string): string[] {
  return (errors ?? []).map(
    (e) =>
      `${where}${e.instancePath || ''} ${e.message ?? 'is invalid'}${
        e.params && 'allowedValues' in e.params ? ` (${JSON.stringify(e.params.allowedValues)})` : ''
      }`,
  );
}

/** Header values arrive as strings; integer headers must be plain decimal integers. */
function coerceHeader(value: string, schema: JsonSchema): unknown {
  if (schema.type === 'integer') return /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  return value;
}

export class SpecValidator {
  readonly operations: OperationDefinition[];
  private readonly ajv: Ajv2020;
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
    addFormats(this.ajv);
    this.operations = [];
    for (const [path, item] of Object.entries(document.paths)) {
      const shared = (item.parameters as OperationDefinition['parameters'] | undefined) ?? [];
      for (const method of HTTP_METHODS) {
        const op = item[method] as Record<string, unknown> | undefined;
        if (!op) continue;
        const responses: Record<string, ResponseDefinition> = {};
        for (const [status, r] of Object.entries(op.responses as Record<string, Record<string, unknown>>)) {
          const content = r.content as Record<string, { schema?: JsonSchema }> | undefined;
          const headers: Record<string, HeaderDefinition> = {};
          for (const [name, h] of Object.entries(
            (r.headers as Record<string, Record<string, unknown>>) ?? {},
          )) {
            headers[name.toLowerCase()] = { required: h.required === true, schema: h.schema as JsonSchema };
          }
          responses[status] = { status, headers, schema: content?.['application/json']?.schema };
        }
        const security = (op.security as unknown[] | undefined) ?? document.security ?? [];
        this.operations.push({
          operationId: op.operationId as string,
          method: method.toUpperCase(),
          path,
          parameters: [...shared, ...((op.parameters as OperationDefinition['parameters']) ?? [])],
          responses,
          secured: security.length > 0,
        });
      }
    }
  }

  operation(operationId: string): OperationDefinition {
    const op = this.operations.find((o) => o.operationId === operationId);
    if (!op) throw new Error(`No operation ${operationId} in the spec`);
    return op;
  }

  /** The operation whose path template matches a path relative to the base (e.g. `/games/12`). */
  matchPath(
    relativePath: string,
  ): { operation: OperationDefinition; params: Record<string, string> } | undefined {
    for (const operation of this.operations) {
      const names: string[] = [];
      const pattern = operation.path
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\{(\w+)\}/g, (_m, name: string) => {
          names.push(name);
          return '([^/]+)';
        });
      const match = new RegExp(`^${pattern}$`).exec(relativePath);
      if (match) {
        const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? '')]));
        return { operation, params };
      }
    }
    return undefined;
  }

  /** A named component schema, e.g. `GameSummary`. */
  componentSchema(name: string): JsonSchema {
    const schema = this.document.components.schemas[name];
    if (!schema) throw new Error(`No component schema ${name} in the spec`);
    return schema;
  }

  validateValue(schema: JsonSchema, value: unknown, where = 'body'): ValidationOutcome {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    const valid = validate(value) as boolean;
    return { valid, errors: valid ? [] : formatErrors(validate.errors, where) };
  }

  validateComponent(name: string, value: unknown): ValidationOutcome {
    return this.validateValue(this.componentSchema(name), value, name);
  }

  /**
   * Validates one response of an operation: the status must be documented, the body
   * must match its schema and every documented header must be present (when required)
   * and valid. `headers` keys may be in any case.
   */
  validateResponse(
    operationId: string,
    status: number,
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): ValidationOutcome {
    const op = this.operation(operationId);
    const response =
      op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
    if (!response) {
      return { valid: false, errors: [`status ${status} is not documented for ${operationId}`] };
    }
    const errors: string[] = [];
    const lowered = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    for (const [name, def] of Object.entries(response.headers)) {
      const raw = lowered[name];
      if (raw === undefined) {
        if (def.required) errors.push(`header ${name} is missing`);
        continue;
      }
      const value = Array.isArray(raw) ? raw.join(', ') : raw;
      errors.push(
        ...this.validateValue(def.schema, coerceHeader(value, def.schema), `header ${name}`).errors,
      );
    }
    if (response.schema) errors.push(...this.validateValue(response.schema, body).errors);
    return { valid: errors.length === 0, errors };
  }
}

let validatorPromise: Promise<SpecValidator> | undefined;

/** A validator over the dereferenced spec (cached per process). */
export function loadSpecValidator(): Promise<SpecValidator> {
  validatorPromise ??= loadSpec().then((doc) => new SpecValidator(doc));
  return validatorPromise;
}
