/**
 * Which states of the description the run could exercise (issue #20, item 4): a rule of a
 * state is judged only on an instance of it, found by discovery or named by a hint. The
 * report lists each state, how it was found, and for one not found the hint that supplies it,
 * so a green run never hides that, say, no archived game was ever looked at.
 */
import type { Hints } from './config.ts';
import type { Discovery } from './discovery.ts';

export interface StateCoverage {
  /** The state, in the description's words. */
  state: string;
  /** Where the description names it. */
  source: string;
  /** `discovered`: found in the deployment's own answers; `hint`: named by the user; `missing`: neither. */
  found: 'discovered' | 'hint' | 'missing';
  /** An instance (a game or review id) when one is known. */
  example?: number;
  /** What supplies the state when it is missing: a CLI option, or why none can. */
  supply: string;
}

function state(
  name: string,
  source: string,
  supply: string,
  example: number | undefined,
  hinted: number | boolean | undefined,
): StateCoverage {
  const given = hinted !== undefined && hinted !== false;
  const found =
    given && (hinted === true || hinted === example)
      ? 'hint'
      : example !== undefined
        ? 'discovered'
        : given
          ? 'hint'
          : 'missing';
  const known = example ?? (typeof hinted === 'number' ? hinted : undefined);
  return { state: name, source, found, ...(known !== undefined ? { example: known } : {}), supply };
}

export function stateCoverage(discovery: Discovery, hints: Hints): StateCoverage[] {
  const reached = discovery.games.find(
    (game) => !discovery.webOnlyGameIds.includes(game.id) && game.status.last_successful_connect === null,
  );
  const edited = discovery.reviews.find((review) => review.dates.edited !== null);
  const unedited = discovery.reviews.find((review) => review.dates.edited === null);
  const noDiscovery = 'discovery cannot tell such a game from the others without querying each';
  return [
    state('archived game', '§3 states', '--archived-game-id', discovery.archivedGameId, hints.archivedGameId),
    state(
      'review of an archived game',
      '§4 GET /reviews/{reviewId}',
      '--archived-review-id',
      discovery.archivedGameReviewId,
      hints.archivedReviewId,
    ),
    state(
      'web-only game',
      '§3 states',
      '--web-only-game-id',
      discovery.webOnlyGameIds[0],
      hints.webOnlyGameId,
    ),
    state(
      'game never reached by the crawler',
      '§2 status (last_successful_connect null)',
      'none: it shows only when the directory lists one',
      reached?.id,
      undefined,
    ),
    state(
      'game with an MSSP snapshot',
      '§4 GET /games/{gameId}/mssp',
      'none: discovery looks for one',
      discovery.gameWithMsspId,
      undefined,
    ),
    state(
      'game without an MSSP snapshot',
      '§4 GET /games/{gameId}/mssp (mssp_not_available)',
      '--game-without-mssp',
      discovery.gameWithoutMsspId,
      hints.gameWithoutMssp,
    ),
    state(
      'game with player history',
      '§4 GET /games/{gameId}/players',
      'none: discovery looks for one',
      discovery.gameWithPlayersId,
      undefined,
    ),
    state(
      'edited review',
      '§2 review dates (edited)',
      'none: it shows only when the directory has one',
      edited?.id,
      undefined,
    ),
    state(
      'review never edited',
      '§2 review dates (edited null)',
      'none: it shows only when the directory has one',
      unedited?.id,
      undefined,
    ),
    state(
      'statistics pending',
      '§4 statistics endpoints, 3 (503 statistics_pending)',
      `--statistics-pending-game-id (${noDiscovery})`,
      undefined,
      hints.statisticsPendingGameId,
    ),
    state(
      'statistics unavailable',
      '§4 statistics endpoints, 3 (503 statistics_unavailable)',
      `--statistics-unavailable-game-id (${noDiscovery})`,
      undefined,
      hints.statisticsUnavailableGameId,
    ),
    state(
      'a key over its minute limit',
      '§8 limits',
      '--low-limit-key',
      undefined,
      hints.lowLimitKey?.present,
    ),
    state(
      'a key over its UTC-day limit',
      '§8 limits',
      '--day-limited-key',
      undefined,
      hints.dayLimitedKey?.present,
    ),
    state('a revoked key', '§5.3', '--revoked-key', undefined, hints.revokedKey?.present),
  ];
}
