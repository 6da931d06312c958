import type { CheckContext } from './check.ts';
import { failWith } from './expect.ts';
import type { ApiResponse } from './http-client.ts';
import type { JsonSchema } from '../../../spec/src/spec-loader.ts';

/** Validates part of a response body against a schema of spec/openapi.yaml; fails with ajv's errors. */
export function expectSchema(
  ctx: CheckContext,
  response: ApiResponse,
  schema: JsonSchema,
  value: unknown,
  what: string,
): void {
  const outcome = ctx.spec.validateValue(schema, value, what);
  if (outcome.valid) return;
  failWith(
    response,
    `${what} does not match spec/openapi.yaml (${outcome.errors[0]})`,
    `a valid ${what}`,
    outcome.errors.slice(0, 12).join('\n'),
  );
}
