import type { CheckContext } from '../../../src/core/check.ts';
import type { Discovery, GameSummary } from '../../../src/core/discovery.ts';
import { addDays, utcDateOf } from '../../../src/core/dates.ts';
import { busiestGame } from '../../harness/busiest-game.ts';
import { reachedWithinDay } from '../../harness/last-reach.ts';
import { fetchStatistics } from './fetch-statistics.ts';
import { notReadyHints } from './not-ready-hints.ts';
import { pointsOf } from './point-fields.ts';
import { namedStatisticsQuery, type StatisticsNames } from './probe-names.ts';
import { statisticsPath } from './statistics-path.ts';

/** Games whose last week is asked at most, the first choice included (one GET each). */
const MAX_TRIED = 3;

/** The first cases' request: the players of the week ending `today`, hourly (168 points, within the 1,000 a query may hold). */
export function fewPlayersWeek(today: string): {
  metric: 'players';
  resolution: 'hourly';
  from: string;
  to: string;
  days: 7;
} {
  return { metric: 'players', resolution: 'hourly', from: addDays(today, -6), to: today, days: 7 };
}

/**
 * The games of the fewest players, at least two, in the order a first case tries them: those
 * reached within the last day first (a game unreached for weeks still reports the players of its
 * last crawl, but its last week holds no observation), then the others; discovery's game with
 * players last. A game the user names as unavailable is left out.
 */
export function fewPlayersCandidates(discovery: Discovery, unavailable?: number): number[] {
  const players = (game: GameSummary) => game.status.latest_players ?? 0;
  const nowMs = discovery.serverNow();
  const reachedToday = (game: GameSummary) => reachedWithinDay(game, nowMs);
  const few = discovery.games
    .filter((game) => players(game) >= 2 && game.id !== unavailable)
    .sort((a, b) => Number(reachedToday(b)) - Number(reachedToday(a)) || players(a) - players(b))
    .map((game) => game.id);
  const fallback = discovery.gameWithPlayersId;
  return fallback === undefined || few.includes(fallback) ? few : [...few, fallback];
}

/** The run's choice, per day asked (a run may cross midnight). */
const choices = new WeakMap<Discovery, Map<string, Promise<number | undefined>>>();

/**
 * The game of the fewest players whose last week, hourly, answers with observations: the first
 * case of STATISTICS-MIN-AVERAGE-MAX, -RESOLUTIONS-AGREE, -ACTIVITY-COUNTS-COVER-POINTS and
 * -RAW-AGREES-HOURLY, which share that answer through the run's cache — one choice a run, so the
 * four stay on one request. The week is asked here (the first case's own request, which the
 * cache then answers); a game whose statistics are not ready (503, D15), or whose week holds no
 * observation, gives way to the next (at most MAX_TRIED): a server may make any game unavailable
 * at any hour, and a first case on it judges nothing. Undefined when the run knows no game with
 * players.
 */
export function fewPlayersGameId(ctx: CheckContext, names: StatisticsNames): Promise<number | undefined> {
  const today = utcDateOf(ctx.discovery.serverNow());
  let byDay = choices.get(ctx.discovery);
  if (byDay === undefined) {
    byDay = new Map();
    choices.set(ctx.discovery, byDay);
  }
  let choice = byDay.get(today);
  if (choice === undefined) {
    const kept = byDay;
    choice = chooseFewPlayersGame(ctx, names, today);
    // A choice cut short (budget, network) is not kept: the next check tries again.
    choice.catch(() => kept.delete(today));
    kept.set(today, choice);
  }
  return choice;
}

async function chooseFewPlayersGame(
  ctx: CheckContext,
  names: StatisticsNames,
  today: string,
): Promise<number | undefined> {
  const candidates = fewPlayersCandidates(ctx.discovery, notReadyHints(ctx).unavailable);
  const query = namedStatisticsQuery(names, fewPlayersWeek(today));
  for (const id of candidates.slice(0, MAX_TRIED)) {
    const { response, ready } = await fetchStatistics(ctx, statisticsPath(id), query);
    if (ready && holdsObservations(response.body, names)) return id;
  }
  return candidates[0];
}

/** Whether some point counts an observation (or, when no count is named, has an average). */
function holdsObservations(body: unknown, names: StatisticsNames): boolean {
  if (names.pointFields === undefined) return true;
  return pointsOf(body, names.pointFields).some((point) =>
    typeof point.count === 'number' ? point.count > 0 : typeof point.average === 'number',
  );
}

/**
 * The game reached within the day reporting the most players (else discovery's game with
 * players): where a week's point
 * taken as the plain mean of its days' averages, instead of its observations' mean, is furthest
 * from the truth — a partial day's average (today's hours so far) differs from a whole day's by
 * tens of players there, by fractions of one in the quietest game, inside the answers' precision.
 */
export function busiestGameId(discovery: Discovery): number | undefined {
  const players = (game: GameSummary) => game.status.latest_players ?? 0;
  // Among the games reached within the day: a game's latest players stay listed after it goes
  // dark, and a game dark all week has no observations in the week this game is asked for.
  const nowMs = discovery.serverNow();
  const busiest = busiestGame(discovery.games, (game) => reachedWithinDay(game, nowMs));
  return busiest !== undefined && players(busiest) > 0 ? busiest.id : discovery.gameWithPlayersId;
}

/**
 * A game reached within the last day that reports no players (the first such, web-only games
 * aside): its hours hold observations of 0, so its activity cells and statistics points have
 * averages of 0 — where a server reading 0 as "no value" (a truthiness test, `||` for `??`)
 * writes null. Undefined when discovery saw none.
 */
export function quietReachedGameId(discovery: Discovery): number | undefined {
  const nowMs = discovery.serverNow();
  return discovery.games.find(
    (game) =>
      game.status.web_only === false && game.status.latest_players === 0 && reachedWithinDay(game, nowMs),
  )?.id;
}
