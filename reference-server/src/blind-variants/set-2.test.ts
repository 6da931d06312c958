/**
 * Witnesses of blind variant set 2 (set-2.ts): for each variant, something a client observes on a
 * server with it on differs from the reference server; where cheap, the description's rules are
 * checked on the variant's answers too.
 */
import { connect } from 'node:net';
import { Client } from 'undici';
import { describe, expect } from 'vitest';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  active,
  baseUrlOf,
  clockOf,
  DAY,
  dataset,
  everyItem,
  daysAgo,
  readReply,
  statisticsGame,
  TODAY,
  witnessKeys,
  witnessVariantServers,
  itCataloguesVariants,
  itWitnessesEach,
  type Call,
  type Json,
  type Observe,
} from '../blind-faults/testing/witness-harness.ts';
import { BLIND_VARIANTS_2, type BlindVariant2Name } from './set-2.ts';

const KEYS = witnessKeys('bv2');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOW_TEXT = new Date(ANCHOR_SECONDS * 1000).toISOString().replace('.000Z', 'Z');

/** Milliseconds an answer took. */
async function timed(call: Call, path: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const reply = await call(path);
  return { ms: performance.now() - started, status: reply.status };
}

/** Whether a kept-alive connection, left idle after one answer, is closed by the server within `ms`. */
function closedWhenIdle(call: Call, ms: number): Promise<boolean> {
  const { hostname, port } = new URL(baseUrlOf(call));
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answered = false;
    socket.on('error', reject);
    socket.on('data', () => {
      if (answered) return;
      answered = true;
      setTimeout(() => {
        socket.destroy();
        resolve(false);
      }, ms);
    });
    socket.on('close', () => resolve(answered));
    socket.write(
      `GET /api/v1/tags HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${KEYS.high.key}\r\n\r\n`,
    );
  });
}

/** The active games the crawler no longer reaches (what `bv2-unreachable-games-archived` may archive). */
const unreachable = active.filter((game) => !game.webOnly && game.crawlEnd !== null);

/** Two active games with equal monthly votes (above zero). */
function equalVotes(): [number, number] {
  const byVotes = new Map<number, number>();
  for (const game of active) {
    if (game.monthlyVotes === 0) continue;
    const other = byVotes.get(game.monthlyVotes);
    if (other !== undefined) return [other, game.id];
    byVotes.set(game.monthlyVotes, game.id);
  }
  throw new Error('the test dataset has no two games with equal votes');
}

/** The archived representation (§2 rule 1). */
function expectArchived(game: Json): void {
  expect(game.status.archived).toBe(true);
  expect(game.status.archive_reason).toBe('non_connectivity');
  expect(game.urls.play).toBeNull();
  expect(game.ranking.rank).toBeNull();
  expect(game.status.confirmed_online).toBe(false);
}

const WITNESSES: Record<BlindVariant2Name, Observe> = {
  'bv2-votes-counted-every-request': async (call) => {
    const sums = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const { body } = await call('/games?sort=top_voted&per_page=50');
      const votes: number[] = body.data.map((game: Json) => game.ranking.monthly_votes);
      // Within one answer, `top_voted` still puts the most votes first.
      expect(votes).toEqual([...votes].sort((a, b) => b - a));
      sums.add(votes.reduce((sum, v) => sum + v, 0));
    }
    return sums.size > 1;
  },

  'bv2-review-edits-land': async (call) => {
    for (let i = 0; i < 10; i++) await call('/tags');
    const reviews = await everyItem(call, '/reviews');
    for (const review of reviews)
      if (review.dates.edited !== null) expect(review.dates.edited >= review.dates.submitted).toBe(true);
    return reviews.filter((review) => review.dates.edited === NOW_TEXT).length > 0;
  },

  'bv2-new-listings-appear': async (call) => {
    const totals: number[] = [];
    for (let i = 0; i < 6; i++) totals.push((await call('/games?per_page=1')).body.meta.total);
    const newId = Math.max(...dataset.games.map((game) => game.id)) + 1;
    const detail = await call(`/games/${newId}`);
    if (detail.status === 200) {
      expect(detail.body.data.status.archived).toBe(false);
      expect(detail.body.data.dates.listed).toBe(NOW_TEXT);
      expect(detail.body.data.status.last_successful_connect).toBeNull();
    }
    return { totals, detail: detail.status };
  },

  'bv2-unreachable-games-archived': async (call) => {
    for (let i = 0; i < 10; i++) await call('/tags');
    const archivedNow: Json[] = [];
    for (const game of unreachable) {
      const { body } = await call(`/games/${game.id}`);
      if (body.data.status.archived) archivedNow.push(body.data);
    }
    archivedNow.forEach(expectArchived);
    const listed = new Set((await everyItem(call, '/games')).map((game) => game.id));
    for (const game of archivedNow) expect(listed.has(game.id)).toBe(false);
    return archivedNow.length > 0;
  },

  'bv2-instance-clocks-skewed': async (call) => {
    const dates: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const reply = await call('/tags');
      expect(reply.status).toBe(200);
      // The rate-limit store's clock: the minute's reset is the same on both instances.
      expect(Number(reply.headers['x-ratelimit-reset'])).toBe(ANCHOR_SECONDS + 60);
      dates.push(reply.headers.date);
    }
    return dates;
  },

  'bv2-request-ids-two-generators': async (call) => {
    const shapes: boolean[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const reply = await call('/no-such-route');
      expect(reply.status).toBe(404);
      expect(reply.headers['x-request-id']).toBe(reply.body.request_id);
      expect(typeof reply.body.request_id).toBe('string');
      seen.add(reply.body.request_id);
      shapes.push(UUID.test(reply.body.request_id));
    }
    expect(seen.size).toBe(4);
    return shapes;
  },

  'bv2-slow-statistics': async (call) => {
    const game = statisticsGame(40);
    const { ms, status } = await timed(call, `/games/${game.id}/statistics`);
    expect(status).toBe(200);
    return ms >= 1_000;
  },

  'bv2-latency-jitter': async (call) => {
    let slow = 0;
    for (let i = 0; i < 8; i++) {
      const { ms, status } = await timed(call, '/tags');
      expect(status).toBe(200);
      if (ms >= 280) slow += 1;
    }
    return slow >= 2;
  },

  'bv2-connection-close': async (call) => {
    const reply = await call('/tags');
    expect(reply.status).toBe(200);
    return reply.headers.connection;
  },

  'bv2-keep-alive-max-requests': async (call) => {
    const client = new Client(new URL(baseUrlOf(call)).origin);
    try {
      const seen: unknown[] = [];
      for (let i = 0; i < 6; i++) {
        const reply = await readReply(
          await client.request({
            path: '/api/v1/tags',
            method: 'GET',
            headers: { authorization: `Bearer ${KEYS.high.key}` },
          }),
        );
        expect(reply.status).toBe(200);
        seen.push(reply.headers.connection);
      }
      return seen;
    } finally {
      await client.close();
    }
  },

  'bv2-keep-alive-short-idle': (call) => closedWhenIdle(call, 2_500),

  'bv2-chunked-body-writes': async (call) => {
    const reply = await call('/tags');
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body.data)).toBe(true);
    return [reply.headers['transfer-encoding'], reply.headers['content-length'] !== undefined];
  },

  'bv2-minute-window-from-first-request': async (call) => {
    const clock = clockOf(call);
    clock.advance(30_000);
    const first = await call('/tags', { key: KEYS.low });
    expect(first.status).toBe(200);
    const now = clock.now() / 1000;
    const reset = Number(first.headers['x-ratelimit-reset']);
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset).toBeGreaterThan(now);
    // The minute binds (4 left of 5, 19 of 20): it resets at most a minute away.
    expect(first.headers['x-ratelimit-remaining']).toBe('4');
    expect(reset - now).toBeLessThanOrEqual(60);
    return reset - now;
  },

  'bv2-statistics-prepared-on-demand': async (call) => {
    const game = statisticsGame(60);
    const path = `/games/${game.id}/statistics?from=${daysAgo(50)}&to=${TODAY}`;
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      const reply = await call(path);
      if (reply.status === 503) {
        expect(reply.body.error.code).toBe('statistics_pending');
        expect(reply.body.request_id).toBe(reply.headers['x-request-id']);
      }
      statuses.push(reply.status);
    }
    // An invalid query is refused whatever is being prepared.
    expect((await call(`/games/${game.id}/statistics?from=${daysAgo(49)}&to=not-a-date`)).status).toBe(422);
    return statuses;
  },

  'bv2-recent-windows-exclusive': async (call) => {
    const game = active.find((g) => g.updated < ANCHOR_SECONDS - DAY)!;
    clockOf(call).set((game.updated + 30 * DAY) * 1000);
    const listed = (await everyItem(call, '/games?recently_updated=1')).map((item) => item.id);
    return listed.includes(game.id);
  },

  'bv2-rank-ties-shared': async (call) => {
    const [a, b] = equalVotes();
    const ranks: unknown[] = [];
    for (const id of [a, b]) {
      const { body } = await call(`/games/${id}`);
      expect(Number.isInteger(body.data.ranking.rank)).toBe(true);
      ranks.push(body.data.ranking.rank);
    }
    return ranks[0] === ranks[1];
  },
};

describe('blind variant set 2', () => {
  const start = witnessVariantServers(Object.values(KEYS));

  itCataloguesVariants('bv2', [14, 16], BLIND_VARIANTS_2, WITNESSES, start);

  itWitnessesEach(BLIND_VARIANTS_2, WITNESSES, start);
});
