import { describe, expect, it } from 'vitest';
import type { Dataset, GameRecord } from '../../../fixtures/src/model.ts';
import { GAME_INDEX_RULES, GameIndex } from '../domain/game-index.ts';
import { GAME_QUERY_RULES, parseGameQuery, type GameQuery } from '../domain/game-query.ts';
import { buildGame } from '../domain/testing/build-game.ts';
import { toFaultSet, type FaultName } from '../faults.ts';
import { NO_VARIANTS, toVariantSet, type VariantName } from '../variants.ts';
import {
  deviateGameParameters,
  gameIndexRules,
  gameQueryRules,
  refusedTagIds,
  searchGames,
} from './games.ts';
import type { Deviations } from './representation.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z') / 1000;

function dataset(games: GameRecord[]): Dataset {
  return { seed: 1, anchor: NOW, taxonomy: { groups: [], custom: [] }, games, reviews: [] };
}

function on(games: GameRecord[], faults: FaultName[] = [], variants: VariantName[] = []): Deviations {
  const faultSet = toFaultSet(faults);
  const variantSet = toVariantSet(variants);
  return {
    faults: faultSet,
    variants: variantSet,
    index: new GameIndex(dataset(games), gameIndexRules(faultSet, variantSet)),
  };
}

/** The query as the deviating server parses it; throws on a 422. */
function query(deviations: Deviations, params: Record<string, string | string[]> = {}): GameQuery {
  const result = parseGameQuery(deviateGameParameters(params, deviations), gameQueryRules(deviations));
  if ('error' in result) throw new Error(result.error.message);
  return result.ok;
}

function ids(deviations: Deviations, params: Record<string, string | string[]> = {}): number[] {
  return searchGames(deviations.index, query(deviations, params), NOW, deviations).games.map((g) => g.id);
}

function errorOf(deviations: Deviations, params: Record<string, string | string[]>) {
  const result = parseGameQuery(deviateGameParameters(params, deviations), gameQueryRules(deviations));
  return 'error' in result ? result.error.details : undefined;
}

describe('GET /games deviations', () => {
  it('give the API rules and the request unchanged when none is on', () => {
    const none = on([]);
    const raw = { sort: 'newest' };
    expect(gameIndexRules(none.faults, NO_VARIANTS)).toBe(GAME_INDEX_RULES);
    expect(gameQueryRules(none)).toBe(GAME_QUERY_RULES);
    expect(deviateGameParameters(raw, none)).toBe(raw);
  });

  it('order oldest as newest (fault sort-oldest-is-newest)', () => {
    const games = [buildGame({ id: 1, listed: 100 }), buildGame({ id: 2, listed: 300 })];
    expect(ids(on(games), { sort: 'oldest' })).toEqual([1, 2]);
    expect(ids(on(games, ['sort-oldest-is-newest']), { sort: 'oldest' })).toEqual([2, 1]);
  });

  it('break sort ties by id descending (variant sort-ties-id-desc)', () => {
    const games = [1, 2, 3].map((id) => buildGame({ id, monthlyVotes: 5 }));
    expect(ids(on(games, [], ['sort-ties-id-desc']), { sort: 'top_voted' })).toEqual([3, 2, 1]);
  });

  it('combine tag ids as the tag faults do', () => {
    const games = [
      buildGame({ id: 1, categories: { theme: 10, codebase: 20 } }),
      buildGame({ id: 2, categories: { theme: 11, codebase: 21 } }),
      buildGame({ id: 3, categories: { codebase: 20 } }),
    ];
    const params = { 'theme_tag_id[]': ['10', '11'], codebase_tag_id: '20' };
    expect(ids(on(games), params)).toEqual([1]);
    expect(ids(on(games, ['or-across-categories']), params)).toEqual([1, 2, 3]);
    expect(ids(on(games, ['untagged-games-pass-tag-filter']), params)).toEqual([1, 3]);
    expect(ids(on(games, ['and-within-category']), params)).toEqual([]);
  });

  it('count archived games in the total but show none of them (fault archived-in-total)', () => {
    const games = [1, 2, 3, 4].map((id) =>
      buildGame({ id, monthlyVotes: 10 - id, archiveReason: id === 2 ? 'admin_disabled' : null }),
    );
    const deviations = on(games, ['archived-in-total']);
    const page = searchGames(
      deviations.index,
      query(deviations, { sort: 'top_voted', per_page: '2' }),
      NOW,
      deviations,
    );
    expect([page.total, page.games.map((g) => g.id)]).toEqual([4, [1]]);
  });

  it('start pages after the first one item late (fault page-skips-item)', () => {
    const games = [1, 2, 3, 4, 5].map((id) => buildGame({ id, monthlyVotes: 10 - id }));
    const params = { sort: 'top_voted', per_page: '2', page: '2' };
    expect(ids(on(games), params)).toEqual([3, 4]);
    expect(ids(on(games, ['page-skips-item']), params)).toEqual([4, 5]);
  });

  it('serve a page starting past the 250th game from the 251st (fault offset-capped-at-250)', () => {
    const games = Array.from({ length: 270 }, (_, i) => buildGame({ id: i + 1, monthlyVotes: 1000 - i }));
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    // A page starting at the cap itself (the last of 50) is served as it is.
    const last = { sort: 'top_voted', per_page: '50', page: '6' };
    expect(ids(on(games), last)).toEqual(range(251, 270));
    expect(ids(on(games, ['offset-capped-at-250']), last)).toEqual(range(251, 270));
    const past = { sort: 'top_voted', per_page: '7', page: '38' }; // offset 259
    expect(ids(on(games), past)).toEqual(range(260, 266));
    expect(ids(on(games, ['offset-capped-at-250']), past)).toEqual(range(251, 257));
  });

  it('read the parameters as the parsing deviations do', () => {
    const games = [buildGame({ id: 1 })];
    expect(errorOf(on(games, ['unknown-sort-422']), { sort: 'bogus' })).toEqual({
      parameter: 'sort',
      value: 'bogus',
    });
    expect(query(on(games, ['unknown-sort-is-newest'])).sort).toBe('newest');
    expect(query(on(games, ['per-page-default-10'])).perPage).toBe(10);
    expect(query(on(games, ['has-reviews-2-accepted']), { has_reviews: '2' }).hasReviews).toBe(true);
    expect(query(on(games, ['bracketless-tag-ignored']), { theme_tag_id: '3' }).tagIds).toEqual({});
    expect(
      query(on(games, ['web-only-online-recently-accepted']), {
        connection_type: 'web_only',
        online_recently: '1',
      }).onlineRecently,
    ).toBe(true);
    const variants: VariantName[] = [
      'games-bad-paging-clamped',
      'connection-type-case-insensitive',
      'repeated-tag-id-deduplicated',
    ];
    expect(
      query(on(games, [], variants), {
        page: '0',
        per_page: '99',
        connection_type: 'WEB_ONLY',
        'theme_tag_id[]': ['3', '3'],
      }),
    ).toMatchObject({ page: 1, perPage: 50, connectionType: 'web_only', tagIds: { theme: [3] } });
    // An invalid value keeps its spelling in the error.
    expect(errorOf(on(games, [], variants), { connection_type: 'BAD' })).toEqual({
      parameter: 'connection_type',
      value: 'BAD',
    });
  });

  it('refuse a tag id the taxonomy lacks (variant unknown-tag-id-422)', () => {
    const deviations = on([buildGame({ id: 1 })], [], ['unknown-tag-id-422']);
    expect(refusedTagIds(query(deviations, { theme_tag_id: '3' }), deviations)?.error).toMatchObject({
      code: 'invalid_filter',
      details: { value: 3 },
    });
    expect(refusedTagIds(query(deviations, { theme_tag_id: '3' }), on([]))).toBeUndefined();
  });
});
