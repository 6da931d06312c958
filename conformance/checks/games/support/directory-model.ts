/**
 * A model of the deployment's directory for the model-based (differential) checks: the
 * whole collection crawled once (and every game's detail, for `q` over full descriptions),
 * then the exact result set and total of any filter computed from it — the oracle no
 * schema-based tool has.
 *
 * Budget: the crawl costs ⌈total/50⌉ page requests plus one detail request per game. With
 * `--model auto` (the default) it runs only when that is at most half of what the run has
 * left once every other check has its minimal verdict (the model checks are deferred);
 * with only the pages affordable, the model has no descriptions and `q` is left out.
 * `--model on` (and `--budget deep`) crawl whatever it costs; `--model off` never.
 *
 * Data that moves (DECISIONS D63): the time windows are judged with the suite's slack
 * (D48), case-sensitive matches are required and case-insensitive ones allowed (D21), and
 * a game on which the model and the server disagree is looked up again before a verdict:
 * when its fresh detail explains the difference, the model takes the fresh data and the
 * case is judged again; only a difference that survives fresh data fails.
 */
import type { components } from '../../../../spec/generated/openapi.d.ts';
import type { CheckContext } from '../../../src/core/check.ts';
import type { ModelMode } from '../../../src/core/config.ts';
import type { Discovery, GameSummary } from '../../../src/core/discovery.ts';
import { failureOf } from '../../../src/core/expect.ts';
import { clearlySatisfies, filterViolations } from './filter-violations.ts';
import { searchTerms, type GamesFilter } from './games-filter.ts';
import { missingIn } from './missing-terms.ts';
import { walkPages } from './walk-pages.ts';

type GameDetail = components['schemas']['GameDetail'];

/** §2 PaginationMeta: per_page 1..50; the crawl reads the largest pages. */
export const MODEL_PAGE_SIZE = 50;

export interface ModelGame {
  summary: GameSummary;
  /** From GET /games/{id}; absent in a list-only model. */
  description?: string;
}

export interface DirectoryModel {
  games: Map<number, ModelGame>;
  /** Every game's full description is known (`q` can be judged exactly). */
  withDescriptions: boolean;
  /** Requests the crawl sent. */
  requests: number;
}

export type ModelPlan =
  { kind: 'full' | 'list'; pages: number; details: number } | { kind: 'none'; reason: string };

/** How much of a model this run can afford (see the module comment). */
export function planModel(mode: ModelMode, total: number, left: number): ModelPlan {
  const pages = Math.max(1, Math.ceil(total / MODEL_PAGE_SIZE));
  const full = { kind: 'full' as const, pages, details: total };
  if (mode === 'off') return { kind: 'none', reason: 'the model-based checks are off (--model off)' };
  if (mode === 'on') return full;
  if (pages + total <= left / 2) return full;
  if (pages <= left / 2) return { kind: 'list', pages, details: 0 };
  return {
    kind: 'none',
    reason:
      `a model of the directory needs ${pages} page and ${total} detail requests; ` +
      `the run has ${Number.isFinite(left) ? left : 'no limit'} left, and --model auto spends at most half ` +
      '(--model on or --budget deep runs it anyway)',
  };
}

/** What the model says a filter matches: `sure` games must be returned, nothing outside `possible` may be. */
export interface Expectation {
  sure: Set<number>;
  possible: Set<number>;
}

/** A game's searchable text (§4 q): name, intro and, when the model has it, the full description. */
export function textOf(game: ModelGame): string {
  return `${game.summary.name}\n${game.summary.intro}\n${game.description ?? ''}`;
}

/** The distinct words of a text, four letters or digits or more, as it spells them. */
export function wordsOf(text: string): string[] {
  return [...new Set(text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 4))];
}

/** Whether one game matches a filter: surely (away from every tolerance), possibly, or not. */
export function matchOf(game: ModelGame, filter: GamesFilter, nowMs: number): 'sure' | 'possible' | 'no' {
  const { summary } = game;
  if (filterViolations(summary, filter, nowMs).length > 0) return 'no';
  const terms = searchTerms(filter.q);
  const text = textOf(game);
  if (missingIn(text, terms).length > 0) return 'no';
  // D21: case-insensitive matching is the decision, a case-sensitive server is tolerated.
  const sure = clearlySatisfies(summary, filter, nowMs) && terms.every((term) => text.includes(term));
  return sure ? 'sure' : 'possible';
}

export function expectedMatches(model: DirectoryModel, filter: GamesFilter, nowMs: number): Expectation {
  const expectation: Expectation = { sure: new Set(), possible: new Set() };
  for (const [id, game] of model.games) {
    const match = matchOf(game, filter, nowMs);
    if (match === 'no') continue;
    expectation.possible.add(id);
    if (match === 'sure') expectation.sure.add(id);
  }
  return expectation;
}

/** The crawl of a run, shared by the model checks (one discovery per run). */
const crawls = new WeakMap<Discovery, DirectoryModel>();

/**
 * The run's model of the directory, crawled on first use within what the budget allows;
 * skips the check (with the reason) when the run cannot afford it or the directory grew
 * while it was crawled; fails it when the crawl breaks a pagination invariant (D62).
 */
export async function directoryModel(ctx: CheckContext): Promise<DirectoryModel> {
  const known = crawls.get(ctx.discovery);
  if (known !== undefined) return known;
  const plan = planModel(ctx.hints.model ?? 'auto', ctx.discovery.totalActiveGames, ctx.budgetLeft());
  if (plan.kind === 'none') return ctx.skip(plan.reason);
  const before = ctx.client.requestCount;
  ctx.log(`crawling the directory for the model: ${plan.pages} pages, ${plan.details} details`);
  // A page walk holds the pagination invariants on the way (as GAMES-WALK-COMPLETE does), so a
  // directory that moves under the crawl fails it (D62); one that grew past the plan is skipped.
  const walk = await walkPages(ctx, [['sort', 'oldest']], plan.pages, MODEL_PAGE_SIZE);
  if (!walk.complete) {
    return ctx.skip(`the directory grew past ${plan.pages} pages during the model's crawl (D62)`);
  }
  const games = new Map<number, ModelGame>(walk.games.map((summary) => [summary.id, { summary }]));
  if (plan.kind === 'full') {
    for (const [id, game] of games) {
      const fresh = await freshGame(ctx, id);
      if (fresh === undefined) games.delete(id);
      else game.description = fresh.description;
    }
  }
  const model: DirectoryModel = {
    games,
    withDescriptions: plan.kind === 'full',
    requests: ctx.client.requestCount - before,
  };
  ctx.log(
    `model: ${games.size} games${model.withDescriptions ? ' with descriptions' : ''}, ${model.requests} requests`,
  );
  crawls.set(ctx.discovery, model);
  return model;
}

/**
 * D63: the games on which the model and the server disagree, looked up again (at most `max`):
 * the model takes their fresh details, or drops those no longer active.
 */
export async function refreshGames(
  ctx: CheckContext,
  model: DirectoryModel,
  ids: Iterable<number>,
  max: number,
): Promise<void> {
  for (const id of [...new Set(ids)].slice(0, max)) {
    const fresh = await freshGame(ctx, id, { fresh: true });
    if (fresh === undefined) model.games.delete(id);
    else model.games.set(id, fresh);
  }
}

/**
 * D63: games as a fresh page of GET /games shows them, taken into the model (their descriptions
 * kept): a model far behind the deployment catches up on them without a look-up each.
 */
export function takeIn(model: DirectoryModel, games: readonly GameSummary[]): void {
  for (const summary of games) model.games.set(summary.id, { ...model.games.get(summary.id), summary });
}

/**
 * A game as its detail tells it: undefined when it is no longer active (404, or archived
 * since the crawl); fails the check when the detail is unreadable. With `fresh`, as the server
 * tells it now (the run's cache bypassed: a detail cached up to two minutes ago is what a
 * disagreement may come from, D63); without, the cache may answer (the model's crawl).
 */
export async function freshGame(
  ctx: CheckContext,
  id: number,
  options: { fresh?: boolean } = {},
): Promise<(ModelGame & { description: string }) | undefined> {
  const response = await ctx.client.get(`/games/${id}`, { fresh: options.fresh === true });
  if (response.status === 404) return undefined;
  const data = (response.body as { data?: GameDetail } | undefined)?.data;
  if (response.status !== 200 || typeof data?.description !== 'string') {
    ctx.fail(
      failureOf(
        response,
        `Game ${id}, listed by GET /games, has no readable detail`,
        '200 with data.description a string',
        `${response.status}`,
      ),
    );
  }
  if (data.status.archived) return undefined;
  return { summary: data, description: data.description };
}
