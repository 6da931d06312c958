/**
 * STATISTICS-NOT-READY-CODES's once-a-run recheck (a game's default range answered 200, its long
 * range 503, then the default range again) on a server whose prepared ranges move: the reference
 * server behind a proxy that answers the pending game's default range 503 `statistics_pending`
 * from a moment on. A 200 kept by the run's response cache is not "a moment before" (D65).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { proxyInFront, type Front } from '../../test/proxy-in-front.ts';
import { CheckFailure } from '../../src/core/check.ts';
import { startLocalServer, type LocalServer } from '../../src/local-server.ts';
import { runInContext } from '../../src/testing/run-checks.ts';
import { notReadyCodes } from './not-ready-codes.ts';
import { statisticsNames } from './support/probe-names.ts';

let spec: SpecValidator;
let server: LocalServer;
let front: Front;
let pendingId: number;
/** When the proxy starts answering the pending game's default range 503 statistics_pending. */
let flipOn: 'warm-up' | 'long-range' = 'warm-up';
let flipped = false;

beforeAll(async () => {
  spec = await loadSpecValidator();
  server = await startLocalServer();
  pendingId = server.statisticsPendingGameId!;
  const defaultRange = `/api/v1/games/${pendingId}/statistics`;
  front = await proxyInFront({
    // runInContext sends the test key: the proxy forwards the server's own.
    rewriteRequest: { authorization: () => [`Bearer ${server.keys.primary}`] },
    rewriteAnswer: (url, answer) => {
      if (url.pathname !== defaultRange) return undefined;
      if (url.search !== '') {
        if (flipOn === 'long-range' && answer.status === 503) flipped = true;
        return undefined;
      }
      if (!flipped) return undefined;
      const requestId = String(answer.headers['x-request-id'] ?? 'proxy');
      return {
        ...answer,
        status: 503,
        text: JSON.stringify({
          error: { code: 'statistics_pending', message: 'The requested range is being prepared.' },
          request_id: requestId,
        }),
      };
    },
  })(server.baseUrl);
}, 60_000);
afterAll(async () => {
  await front?.close();
  await server?.close();
});

/** The check run after the probe and a first 200 of the pending game's default range (kept by the run's cache). */
function runAfterWarmUp(): Promise<unknown> {
  flipped = false;
  return runInContext(
    { baseUrl: front.baseUrl, spec },
    notReadyCodes,
    { games: [{ id: pendingId }] as never, serverNow: () => Date.now() },
    {
      run: async (ctx) => {
        await statisticsNames(ctx);
        const first = await ctx.client.get(`/games/${pendingId}/statistics`);
        expect(first.status).toBe(200);
        if (flipOn === 'warm-up') flipped = true;
        await notReadyCodes.run(ctx);
      },
    },
  );
}

describe('STATISTICS-NOT-READY-CODES on a game whose ready range turns pending (D65)', () => {
  it('fails no server whose default range turned pending after the 200 the run kept', async () => {
    flipOn = 'warm-up';
    expect(await runAfterWarmUp()).toBeUndefined();
  }, 60_000);

  it('still fails a server whose default range turns pending because a long range was refused', async () => {
    flipOn = 'long-range';
    const outcome = await runAfterWarmUp();
    expect(outcome).toBeInstanceOf(CheckFailure);
    expect(String((outcome as CheckFailure).message)).toContain('right after a longer range');
  }, 60_000);
});
