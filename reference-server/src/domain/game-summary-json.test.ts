import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../../fixtures/src/generate.ts';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { gridFloor } from '../../../fixtures/src/time.ts';
import { GameIndex, ONLINE_RECENTLY_SECONDS } from './game-index.ts';
import { gamesPageBytes, keepSummaries } from './game-summary-json.ts';
import { parseGameQuery } from './game-query.ts';
import { collection, type PageRequest } from './pagination.ts';
import { gameSummary, type RepresentationContext } from './representation.ts';
import { buildGame } from './testing/build-game.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z') / 1000;

/** One game's summary as gamesPageBytes writes it: the only item of a page. */
function keptSummary(game: GameRecord, context: RepresentationContext): string {
  const request = { page: 1, perPage: 1, total: 1, resourceUrl: `${context.apiBase}/games`, rawQuery: '' };
  const page = gamesPageBytes([game.id], context, request).toString('utf8');
  const envelope = JSON.stringify(collection([null], request));
  const [before, after] = envelope.split('null');
  expect([page.startsWith(before!), page.endsWith(after!)]).toEqual([true, true]);
  return page.slice(before!.length, page.length - after!.length);
}

describe('gamesPageBytes', () => {
  const dataset = generateDataset({ seed: 3, games: 300, anchor: NOW });
  const index = new GameIndex(dataset);

  /** A GET /games page written both ways: from the kept parts, and represented then serialised. */
  function bothWays(query: Record<string, string>, context: RepresentationContext): [string, string] {
    const parsed = parseGameQuery(query);
    if (!('ok' in parsed)) throw new Error(parsed.error.message);
    const page = index.search(parsed.ok, context.now);
    const request: PageRequest = {
      page: parsed.ok.page,
      perPage: parsed.ok.perPage,
      total: page.total,
      resourceUrl: `${context.apiBase}/games`,
      rawQuery: new URLSearchParams(query).toString(),
    };
    return [
      gamesPageBytes(page.ids, context, request).toString('utf8'),
      JSON.stringify(
        collection(
          page.games.map((game) => gameSummary(game, context)),
          request,
        ),
      ),
    ];
  }

  it('writes exactly what JSON.stringify of the represented page writes, as the clock and the API base move', () => {
    const queries: Record<string, string>[] = [
      {},
      { sort: 'top_voted', per_page: '50' },
      { sort: 'recently_online', page: '3', per_page: '17' },
      { q: 'the', online_recently: '1' },
      { page: '99' },
    ];
    // Seconds apart, a crawl interval apart, days apart; back again; another origin, and back.
    const moments = [0, 1, 1800, 3 * 86_400, 0].map((later) => NOW + later);
    for (const apiBase of [
      'http://127.0.0.1:8080/api/v1',
      'https://api.example/api/v1',
      'http://127.0.0.1:8080/api/v1',
    ]) {
      for (const now of moments) {
        for (const query of queries) {
          const [kept, represented] = bothWays(query, { apiBase, now, index });
          expect(kept).toBe(represented);
        }
      }
    }
  });

  it("keeps each game's status exactly while the clock moves: either side of crawl-grid points, and where confirmed_online flips", () => {
    const apiBase = 'http://127.0.0.1:8080/api/v1';
    const compare = (now: number) => {
      for (const game of dataset.games) {
        const context = { apiBase, now, index };
        expect(keptSummary(game, context)).toBe(JSON.stringify(gameSummary(game, context)));
      }
    };
    // NOW is a grid point: two days of slots, each at its last second, its first, the next two, and mid-slot.
    for (let slot = 0; slot < 2 * 48; slot += 1) {
      for (const offset of [-1, 0, 1, 2, 900]) compare(NOW + slot * 1800 + offset);
    }
    // Where a game's last connect before an outage leaves the 48-hour window: the one change
    // within a slot (between its first second and the next), asked for in that order.
    const flipAt = dataset.games.flatMap((game) =>
      game.webOnly || game.archiveReason !== null
        ? []
        : game.outages
            .filter((outage) => outage.end - outage.start > 49 * 3600)
            .map((outage) => gridFloor(outage.start - 1) + ONLINE_RECENTLY_SECONDS),
    );
    expect(flipAt.length).toBeGreaterThan(0);
    let flips = 0;
    for (const at of flipAt.slice(0, 20)) {
      const statuses = [at - 1, at, at + 1, at + 2].map((now) => {
        compare(now);
        return dataset.games.map(
          (game) => gameSummary(game, { apiBase, now, index }).status.confirmed_online,
        );
      });
      flips += statuses[1]!.filter((online, i) => online !== statuses[2]![i]).length;
    }
    expect(flips).toBeGreaterThan(0);
  });

  it('keeps the games of sparse ids apart (slots by position, not by id)', () => {
    const games = [7, 5_000_000, 2 ** 31 - 1].map((id, i) => buildGame({ id, monthlyVotes: 10 + i }));
    const context = {
      apiBase: 'http://h/api/v1',
      now: NOW,
      index: new GameIndex({ ...dataset, games, reviews: [] }),
    };
    for (const game of [...games, ...games]) {
      expect(keptSummary(game, context)).toBe(JSON.stringify(gameSummary(game, context)));
    }
  });

  it('writes the new data of a new index, not what was kept for the old one', () => {
    const game = buildGame({ id: 1, monthlyVotes: 10 });
    const moved = { ...game, monthlyVotes: 99 };
    const context = (games: GameRecord[]) => ({
      apiBase: 'http://h/api/v1',
      now: NOW,
      index: new GameIndex({ ...dataset, games, reviews: [] }),
    });
    const before = JSON.parse(keptSummary(game, context([game])));
    const after = JSON.parse(keptSummary(moved, context([moved])));
    expect([before.ranking.monthly_votes, after.ranking.monthly_votes]).toEqual([10, 99]);
  });
});

describe('keepSummaries', () => {
  const dataset = generateDataset({ seed: 4, games: 400, anchor: NOW });
  const listed = dataset.games.filter((game) => game.archiveReason === null).length;

  it("keeps every listed game's part for the base, and pages are written exactly as before", async () => {
    const index = new GameIndex(dataset);
    const apiBase = 'http://127.0.0.1:8080/api/v1';
    expect(await keepSummaries(index, apiBase)).toBe(listed);
    const context = { apiBase, now: NOW + 5, index };
    for (const game of dataset.games.slice(0, 60)) {
      expect(keptSummary(game, context)).toBe(JSON.stringify(gameSummary(game, context)));
    }
  });

  it('stops when a request with another base comes first', async () => {
    const index = new GameIndex(dataset);
    const keeping = keepSummaries(index, 'http://127.0.0.1:8080/api/v1');
    const other = { apiBase: 'https://api.example/api/v1', now: NOW, index };
    const game = dataset.games[0]!;
    expect(keptSummary(game, other)).toBe(JSON.stringify(gameSummary(game, other)));
    // It wrote nothing for its base: its first slice found the parts kept for the other.
    expect(await keeping).toBe(0);
  });
});
