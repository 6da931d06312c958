import { bodyNotJsonReason, type ApiResponse } from '../../src/core/http-client.ts';
import { defineCheck } from '../../src/core/check.ts';
import { failWith, errorEnvelopeProblems, type ErrorEnvelope } from '../../src/core/expect.ts';
import type { Profile } from '../../src/core/profile.ts';
import {
  anyRequestArbitrary,
  anyRequestExamples,
  type RequestKind,
} from '../harness/arbitraries/any-request.ts';
import { sendSample } from '../harness/send-sample.ts';

/** §7 error table: the codes each status may carry (D16: a missing review's code is the profile's). */
function codesFor(status: number, profile: Profile): string[] | undefined {
  switch (status) {
    case 401:
      return ['authentication_required', 'invalid_api_key'];
    case 404:
      return ['route_not_found', 'game_not_found', ...profile.missingReviewCodes];
    case 405:
      return ['method_not_allowed'];
    case 422:
      return ['invalid_filter', 'invalid_date_range', 'invalid_statistics_query'];
    case 429:
      return ['rate_limit_exceeded'];
    case 500:
      return ['internal_error'];
    case 503:
      return ['statistics_pending', 'statistics_unavailable'];
    default:
      return undefined;
  }
}

/** The error statuses §7 names for the API's own refusals (a proxy's or Node's 400/431 aside). */
const OBSERVED_STATUSES: ReadonlySet<number> = new Set([401, 404, 405, 422, 429]);
/** Methods whose answers carry a body (HEAD's never does; OPTIONS is the CORS checks'). */
const BODY_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export const errorEnvelope = defineCheck({
  id: 'PROTOCOL-ERROR-ENVELOPE',
  area: 'protocol',
  source: '§2 error response; §7 errors (body shape and error table)',
  level: 'must',
  title: 'Every error response is the error envelope with a code of the §7 table for its status',
  covers: ['S2.ERROR', 'S7.BODY'],
  async run(ctx) {
    const kinds: RequestKind[] = [
      'no-key',
      'bad-key',
      'unknown-game',
      'unknown-route',
      'method',
      'invalid-filter',
      'invalid-date-range',
    ];
    const requests = anyRequestArbitrary(ctx, kinds);
    const judge = (response: ApiResponse): boolean => {
      if (response.status < 400) return false;
      const problems = response.isJson ? errorEnvelopeProblems(response.body) : [bodyNotJsonReason(response)];
      if (problems.length > 0) {
        failWith(
          response,
          `HTTP ${response.status}: the body is not the error envelope (${problems[0]})`,
          '{error: {code, message, details?}, request_id} (§2, §7)',
          problems.join('; '),
        );
      }
      const code = (response.body as ErrorEnvelope).error.code;
      const allowed = codesFor(response.status, ctx.profile);
      if (allowed !== undefined && !allowed.includes(code)) {
        failWith(
          response,
          `HTTP ${response.status} carries error code ${code}, which §7 gives another status`,
          `one of ${allowed.join(', ')} with HTTP ${response.status}`,
          `HTTP ${response.status} with ${code}`,
        );
      }
      return true;
    };
    // Every error answer the run already has of a status §7 names, to a method with a body …
    const prefix = `${ctx.client.baseUrl}/`;
    ctx.judgeObserved(
      (response) =>
        OBSERVED_STATUSES.has(response.status) &&
        BODY_METHODS.has(response.request.method) &&
        response.url.startsWith(prefix),
      judge,
    );
    // … then errors of every kind.
    await ctx.property(
      [requests],
      async (sample) => {
        judge(await sendSample(ctx, sample));
      },
      { examples: anyRequestExamples(ctx, kinds) },
    );
  },
});
