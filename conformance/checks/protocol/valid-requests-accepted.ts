import { defineCheck } from '../../src/core/check.ts';
import { errorCodeOf, failureOf } from '../../src/core/expect.ts';
import type { RefusedRequest } from '../../src/core/discovery.ts';
import type { SpecValidator } from '../../../spec/src/spec-loader.ts';

/** A schema's constraints in a few words: `integer, minimum 1, maximum 50`. */
function constraintsOf(schema: Record<string, unknown>): string {
  const parts = [String(schema.type ?? 'any')];
  for (const key of ['minimum', 'maximum', 'enum', 'pattern', 'format'] as const) {
    if (schema[key] !== undefined) parts.push(`${key} ${JSON.stringify(schema[key])}`);
  }
  return parts.join(', ');
}

/**
 * The rule that allows a refused request: its operation, and for each query parameter its
 * schema in the spec and that the value sent satisfies it. Undefined when the spec does not
 * allow the request after all (then the refusal is no fault).
 */
function allowingRule(spec: SpecValidator, refused: RefusedRequest): string | undefined {
  const match = spec.matchPath(refused.path);
  if (!match) return undefined;
  const rules: string[] = [];
  for (const [name, value] of refused.query) {
    const parameter = match.operation.parameters.find((p) => p.in === 'query' && p.name === name);
    if (!parameter) return undefined;
    const typed = parameter.schema.type === 'integer' ? Number(value) : value;
    if (!spec.validateValue(parameter.schema, typed, name).valid) return undefined;
    rules.push(`${name}=${value} satisfies ${name} (${constraintsOf(parameter.schema)})`);
  }
  const operation = `${match.operation.method} ${match.operation.path} (${match.operation.operationId})`;
  return rules.length === 0 ? `${operation} without parameters` : `${operation}: ${rules.join('; ')}`;
}

const describeRequest = ({ path, query }: RefusedRequest): string =>
  `GET ${path}${query.length === 0 ? '' : `?${query.map(([n, v]) => `${n}=${v}`).join('&')}`}`;

/**
 * A request the description allows, sent by discovery to learn the deployment (the first pages
 * of GET /games and GET /reviews, 50 a page), is not refused. Discovery records a refusal and
 * goes on without it (the default page size) instead of stopping the run as "not a Game
 * Directory API"; this check fails naming the request and the rule that allows it. No request
 * of its own.
 */
export const validRequestsAccepted = defineCheck({
  id: 'PROTOCOL-VALID-REQUESTS-ACCEPTED',
  area: 'protocol',
  source:
    '§4 GET /games and GET /reviews parameters (page >= 1, per_page 1..50); §8 limits, per_page and page',
  level: 'must',
  title: 'Requests the description allows are not refused during discovery',
  covers: [
    'S4.GAMES.PERPAGE',
    'S4.GAMES.PAGE',
    'S4.REVIEWS.PERPAGE',
    'S4.REVIEWS.PAGE',
    'S8.PERPAGE',
    'S8.PAGE',
  ],
  async run(ctx) {
    const faults = (ctx.discovery.refusedRequests ?? [])
      .map((refused) => ({ refused, rule: allowingRule(ctx.spec, refused) }))
      .filter((entry): entry is { refused: RefusedRequest; rule: string } => entry.rule !== undefined);
    const [first] = faults;
    if (first === undefined) return;
    const { refused, rule } = first;
    const others =
      faults.length > 1
        ? ` (and ${faults
            .slice(1)
            .map((f) => describeRequest(f.refused))
            .join(', ')})`
        : '';
    ctx.fail(
      failureOf(
        refused.response,
        `${describeRequest(refused)} was refused, though the description allows it${others}`,
        `HTTP 200: ${rule}`,
        `HTTP ${refused.response.status}${errorCodeOf(refused.response) === undefined ? '' : ` ${errorCodeOf(refused.response)}`}`,
      ),
    );
  },
});
