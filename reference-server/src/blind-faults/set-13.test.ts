/**
 * Witnesses of blind fault set 13 (set-13.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock
 * (2026-11-22T12:00:00Z, a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import { lastCrawled, lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  active,
  crawledAllWeek,
  dataset,
  daysAgo,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  sendTimes,
  witnessKeys,
  witnessServers,
  type Observe,
  statisticsGame,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_13, type BlindFault13Name } from './set-13.ts';

const KEYS = witnessKeys('blind13');

const fantasy = dataset.taxonomy.groups
  .find((g) => g.key === 'theme')!
  .values.find((tag) => tag.name === 'Fantasy')!.id;
const allWeek = crawledAllWeek(60);
const texts = (game: (typeof active)[number]) => [game.name, game.intro, game.description];
/** A word of a game's name that the game spells only with capitals (never all lower-case). */
const capitalised = pick(
  active.flatMap((game) =>
    game.name
      .split(/\s+/)
      .filter((word) => /^[A-Z][a-z]{3,}$/.test(word))
      .filter((word) => texts(game).every((text) => !text.includes(word.toLowerCase())))
      .map((word) => ({ game, word })),
  ),
  'game name word spelled only capitalised',
);
/** A game whose last crawl did not reach it (an outage, or no longer answering). */
const unreached = pick(
  active.filter((game) => {
    if (game.webOnly) return false;
    const crawled = lastCrawled(game, ANCHOR_SECONDS);
    return crawled !== null && crawled !== lastSuccessfulConnect(game, ANCHOR_SECONDS);
  }),
  'game last crawled without reaching it',
);
const webOnly = pick(
  active.filter((game) => game.webOnly),
  'web-only game',
);
const withUptime = pick(
  active.filter(
    (game) =>
      !game.webOnly &&
      game.msspCollectedAt !== null &&
      /^\d+$/.test(game.msspRaw?.UPTIME ?? '') &&
      game.msspRaw!.UPTIME !== '0',
  ),
  'game reporting an MSSP uptime',
);
/** A game with statistics, crawled all week. */
const steady = statisticsGame(30, 8);
const statsRange = `from=${daysAgo(7)}&to=${daysAgo(1)}`;
const oneDay = `from=${daysAgo(1)}&to=${daysAgo(1)}`;
const rawRange = `granularity=raw&from=${daysAgo(2)}&to=${daysAgo(1)}`;

const WITNESSES: Record<BlindFault13Name, Observe> = {
  'blind13-q-term-lowercased-text-not': async (call) =>
    ids(await call(`/games?q=${capitalised.word}&per_page=50`)).includes(capitalised.game.id),
  'blind13-tag-filter-ignores-category': async (call) =>
    (await call(`/games?codebase_tag_id[]=${fantasy}&per_page=1`)).body.meta.total,
  'blind13-page-past-last-serves-last-page': async (call) => ids(await call('/games?per_page=50&page=7')),
  'blind13-links-drop-port': async (call) => (await call('/games?per_page=5&page=2')).body.links,
  'blind13-last-connect-is-last-crawl': async (call) =>
    (await call(`/games/${unreached.id}`)).body.data.status.last_successful_connect,
  'blind13-detail-web-only-flag-false': async (call) =>
    (await call(`/games/${webOnly.id}`)).body.data.status.web_only,
  'blind13-mssp-uptime-as-timestamp': async (call) =>
    (await call(`/games/${withUptime.id}/mssp`)).body.data.values.uptime,
  'blind13-daily-average-two-decimals': async (call) =>
    (await call(`/games/${allWeek.id}/players`)).body.data.map(
      (sample: { players: number }) => sample.players,
    ),
  'blind13-players-month-length-of-previous-month': async (call) =>
    (await call(`/games/${allWeek.id}/players?from=2026-10-31&to=2026-11-01`)).status,
  'blind13-raw-repeated-counts-collapsed': async (call) =>
    (await call(`/games/${allWeek.id}/players?${rawRange}`)).body.data.length,
  'blind13-stats-average-is-midrange': async (call) =>
    (await call(`/games/${steady.id}/statistics?metric=players&resolution=daily&${statsRange}`)).body.data,
  'blind13-activity-empty-cells-omitted': async (call) =>
    (await call(`/games/${allWeek.id}/activity-pattern?${oneDay}`)).body.data.length,
  'blind13-reviews-web-only-games-excluded': async (call) =>
    (await call('/reviews?per_page=1')).body.meta.total,
  'blind13-reviews-offset-one-based': async (call) => ids(await call('/reviews?per_page=5')),
  'blind13-tags-query-refused': async (call) => (await call('/tags?lang=en')).status,
  'blind13-malformed-authorization-400': async (call) =>
    (await call('/tags', { authorization: 'Basic dXNlcjpwYXNz' })).status,
  'blind13-cached-answer-served-without-key': async (call) => {
    await call('/tags');
    return (await call('/tags', { key: null })).status;
  },
  'blind13-format-suffix-routes': async (call) => (await call('/tags.json')).status,
  'blind13-429-without-rate-limit-headers': async (call) =>
    (await sendTimes(call, 6, KEYS.low)).headers['x-ratelimit-limit'] ?? null,
  'blind13-minute-limit-default-for-every-key': async (call) =>
    (await call('/tags')).headers['x-ratelimit-limit'],
};

describe('blind fault set 13', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind13', 20, BLIND_FAULTS_13, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    const searched = await call(`/games?q=${capitalised.word}&per_page=50`);
    expect(ids(searched)).toContain(capitalised.game.id);

    const misfiled = (await call(`/games?codebase_tag_id[]=${fantasy}&per_page=1`)).body.meta.total;
    expect(misfiled).toBe(0);
    const fantasyGames = (await call(`/games?theme_tag_id[]=${fantasy}&per_page=1`)).body.meta.total;
    expect(fantasyGames).toBeGreaterThan(0);

    // 275 active games: six pages of 50, the sixth of 25; the seventh holds none.
    const seventh = await call('/games?per_page=50&page=7');
    expect([seventh.status, seventh.body.meta.total, ids(seventh)]).toEqual([200, active.length, []]);

    const links = (await call('/games?per_page=5&page=2')).body.links;
    const port = new URL((await call('/games?per_page=5&page=2')).body.data[0].urls.self).port;
    expect(port).not.toBe('');
    for (const link of [links.self, links.next, links.previous]) expect(new URL(link).port).toBe(port);

    const status = (await call(`/games/${unreached.id}`)).body.data.status;
    expect(status.last_successful_connect).not.toBe(status.last_crawled);
    const detail = (await call(`/games/${webOnly.id}`)).body.data;
    expect([detail.status.web_only, detail.urls.play]).toEqual([true, webOnly.website]);

    const snapshot = (await call(`/games/${withUptime.id}/mssp`)).body.data;
    expect(snapshot.values.uptime).toBe(Number(withUptime.msspRaw!.UPTIME));

    const daily = (await call(`/games/${allWeek.id}/players`)).body.data as Array<{ players: number }>;
    expect(daily.length).toBeGreaterThan(0);
    for (const { players } of daily) expect(Number.isInteger(players)).toBe(true);

    expect((await call(`/games/${allWeek.id}/players?from=2026-10-31&to=2026-11-01`)).status).toBe(200);
    expect((await call(`/games/${allWeek.id}/players?from=2026-12-31&to=2026-12-31`)).status).toBe(200);

    const raw = (await call(`/games/${allWeek.id}/players?${rawRange}`)).body.data as Array<{
      players: number;
    }>;
    // Two whole days crawled every 30 minutes, with some counts repeated from one crawl to the next.
    expect(raw.length).toBe(96);
    expect(raw.some((sample, i) => i > 0 && sample.players === raw[i - 1]!.players)).toBe(true);

    const points = (
      await call(`/games/${steady.id}/statistics?metric=players&resolution=daily&${statsRange}`)
    ).body.data as Array<{ count: number; average: number; min: number; max: number }>;
    expect(points.length).toBe(7);
    expect(points.some((point) => point.count > 0 && point.average !== (point.min + point.max) / 2)).toBe(
      true,
    );

    const cells = (await call(`/games/${allWeek.id}/activity-pattern?${oneDay}`)).body.data as Array<{
      count: number;
    }>;
    expect(cells.length).toBe(168);
    expect(cells.filter((cell) => cell.count === 0).length).toBeGreaterThan(0);

    const webOnlyIds = new Set(active.filter((game) => game.webOnly).map((game) => game.id));
    const listed = dataset.reviews.filter((review) => active.some((game) => game.id === review.gameId));
    expect(listed.some((review) => webOnlyIds.has(review.gameId))).toBe(true);
    expect((await call('/reviews?per_page=1')).body.meta.total).toBe(listed.length);
    const newest = [...listed].sort((a, b) => b.submitted - a.submitted || b.id - a.id).slice(0, 5);
    expect(ids(await call('/reviews?per_page=5'))).toEqual(newest.map((review) => review.id));

    const tagged = await call('/tags?lang=en');
    expect(tagged.status).toBe(200);
    expect(tagged.body.data.length).toBeGreaterThan(0);

    const basic = await call('/tags', { authorization: 'Basic dXNlcjpwYXNz' });
    expect([basic.status, basic.body.error.code]).toEqual([401, 'invalid_api_key']);

    await call('/tags');
    const anonymous = await call('/tags', { key: null });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'authentication_required']);

    const suffixed = await call('/tags.json');
    expect([suffixed.status, suffixed.body.error.code]).toEqual([404, 'route_not_found']);

    // The low-limit key (5/min): its sixth request of the minute is refused, with the headers.
    const refused = await sendTimes(call, 6, KEYS.low);
    expect([refused.status, refused.headers['x-ratelimit-limit']]).toEqual([429, '5']);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');

    expect((await call('/tags')).headers['x-ratelimit-limit']).toBe('1000000');
  });

  itWitnessesEach(BLIND_FAULTS_13, WITNESSES, start);
});
