import { describe, expect, it } from 'vitest';
import type { Dataset, GameRecord } from '../../../fixtures/src/model.ts';
import { GameIndex } from './game-index.ts';
import { gameDetail, gameSummary, type RepresentationContext } from './representation.ts';
import { buildGame } from './testing/build-game.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z') / 1000;

function context(games: GameRecord[]): RepresentationContext {
  const dataset: Dataset = {
    seed: 1,
    anchor: NOW,
    taxonomy: {
      groups: [{ id: 1, key: 'theme', name: 'Theme', values: [{ id: 10, name: 'Fantasy' }] }],
      custom: [{ id: 90, name: 'Beginner friendly' }],
    },
    games,
    reviews: [],
  };
  return { apiBase: 'http://h/api/v1', now: NOW, index: new GameIndex(dataset) };
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe('game representation', () => {
  it('formats timestamps as YYYY-MM-DDThh:mm:ssZ', () => {
    const game = buildGame({ updated: NOW + 0.25 });
    expect(gameSummary(game, context([game])).dates.updated).toMatch(TIMESTAMP);
  });

  it('applies §2 rule 1 to archived games', () => {
    const game = buildGame({ archiveReason: 'non_connectivity', monthlyVotes: 50 });
    const summary = gameSummary(game, context([game]));
    expect([
      summary.urls.play,
      summary.ranking.rank,
      summary.status.confirmed_online,
      summary.status.archived,
    ]).toEqual([null, null, false, true]);
  });

  it('applies §2 rule 2 and D4/D5 to web-only games', () => {
    const game = buildGame({ webOnly: true, msspCollectedAt: NOW - 60 });
    const { connection, urls, status } = gameSummary(game, context([game]));
    expect([connection.host, connection.port, connection.tls_port, connection.mssp_port, urls.play]).toEqual([
      null,
      null,
      null,
      null,
      game.website,
    ]);
    expect([
      status.latest_players,
      status.mssp_collected_at,
      status.last_crawled,
      status.confirmed_online,
    ]).toEqual([null, null, null, false]);
  });

  it('plays a MUD-client game over telnet', () => {
    const game = buildGame();
    expect(gameSummary(game, context([game])).urls.play).toBe('telnet://play.test-realm.example:4000');
  });

  it('confirms online a game reached within 48 hours', () => {
    const game = buildGame({ crawlEnd: NOW - 47 * 3600 });
    expect(gameSummary(game, context([game])).status.confirmed_online).toBe(true);
  });

  it('does not confirm online a game last reached more than 48 hours ago', () => {
    const game = buildGame({ crawlEnd: NOW - 49 * 3600 });
    expect(gameSummary(game, context([game])).status.confirmed_online).toBe(false);
  });

  it('names tags from the taxonomy', () => {
    const game = buildGame({ categories: { theme: 10 }, customTags: [90] });
    expect(gameSummary(game, context([game])).tags).toEqual({
      categories: { theme: { id: 10, name: 'Fantasy' } },
      custom: [{ id: 90, name: 'Beginner friendly' }],
    });
  });

  it('adds description and watcher count in the detail form', () => {
    const game = buildGame();
    const detail = gameDetail(game, context([game]));
    expect([detail.description, detail.watcher_count]).toEqual([game.description, game.watcherCount]);
  });
});
