/**
 * Blind variant set 5's error details (`bv5-validation-details-pydantic`), apart from
 * set-5-behaviour.ts: respond.ts writes every error with them, and set-5-behaviour.ts reads
 * respond.ts (`onAnswer`), so keeping them there would make an import circle.
 */

/** One entry of FastAPI's (pydantic's) validation error list. */
export interface PydanticError {
  type: string;
  loc: string[];
  msg: string;
  input?: unknown;
  ctx?: unknown;
}

/**
 * Variant `bv5-validation-details-pydantic`: a 422's details as FastAPI lists a request's
 * validation errors: where (`['query', <parameter>]`), the message, the value sent, and what
 * else the reference's details said under `ctx`.
 */
export function pydanticDetails(message: string, details: unknown): PydanticError[] {
  const entry: PydanticError = { type: 'value_error', loc: ['query'], msg: message };
  if (details === undefined) return [entry];
  if (typeof details !== 'object' || details === null || Array.isArray(details))
    return [{ ...entry, ctx: details }];
  const { parameter, value, ...rest } = details as Record<string, unknown>;
  if (typeof parameter === 'string') entry.loc = ['query', parameter];
  else if (parameter !== undefined) rest.parameter = parameter;
  if (value !== undefined) entry.input = value;
  if (Object.keys(rest).length > 0) entry.ctx = rest;
  return [entry];
}
