/**
 * Witnesses of blind fault set 7 (set-7.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock
 * (2026-11-22T12:00:00Z, a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import { MSSP_FLAG_KEYS, normalizeMsspKey } from '../domain/mssp.ts';
import { REVIEW_LISTING } from '../domain/review-query.ts';
import {
  DAY,
  TODAY,
  active,
  dataset,
  daysAgo,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  sendTimes,
  witnessKeys,
  witnessServers,
  type Call,
  type Observe,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_7, type BlindFault7Name } from './set-7.ts';

const KEYS = witnessKeys('blind7');

/** A link without its origin, as written: the two servers listen on different ports. */
const asWritten = (link: string | undefined): string | undefined => link?.replace(/^[a-z]+:\/\/[^/]+/, '');

const ratingsOf = (game: GameRecord) =>
  dataset.reviews.filter((r) => r.gameId === game.id && r.rating !== null).map((r) => r.rating!);
const reviewCount = (game: GameRecord) => dataset.reviews.filter((r) => r.gameId === game.id).length;

/** The reviews of active games, as GET /reviews lists them (newest first). */
const listedReviews = dataset.reviews
  .filter((r) => active.some((g) => g.id === r.gameId))
  .sort((a, b) => REVIEW_LISTING.order(a, b));
const fractionalAverage = pick(
  active.filter((g) => {
    const ratings = ratingsOf(g);
    return ratings.length > 0 && (ratings.reduce((sum, r) => sum + r, 0) / ratings.length) % 1 !== 0;
  }),
  'active game whose average rating is not a whole number',
);
const editedReview = pick(
  listedReviews.filter((r) => r.edited !== null),
  'edited review of an active game',
);
/** The tail of a game's name and the head of its intro, a text found in no single field of any game. */
const acrossFields = (() => {
  const texts = dataset.games.flatMap((g) => [g.name, g.intro, g.description].map((t) => t.toLowerCase()));
  for (const game of active) {
    const [name, intro] = [game.name.toLowerCase(), game.intro.toLowerCase()];
    if (!/[a-z]{3}$/.test(name) || !/^[a-z]{3}/.test(intro)) continue;
    const term = `${name.slice(-3)}${intro.slice(0, 3)}`;
    if (!texts.some((text) => text.includes(term))) return term;
  }
  throw new Error('no name tail + intro head that occurs in no field');
})();
/** Two theme ids, the second carried by an active game without reviews. */
const [themeA, themeB] = (() => {
  const values = dataset.taxonomy.groups.find((g) => g.key === 'theme')!.values.map((t) => t.id);
  const b = values.find((id) => active.some((g) => g.categories.theme === id && reviewCount(g) === 0));
  if (b === undefined) throw new Error('no theme held by an active game without reviews');
  return [values.find((id) => id !== b)!, b];
})();
const zeroFlagSnapshot = pick(
  active.filter(
    (g) =>
      g.msspRaw !== null &&
      g.msspCollectedAt !== null &&
      Object.entries(g.msspRaw).some(
        ([name, value]) => MSSP_FLAG_KEYS.has(normalizeMsspKey(name)) && value === '0',
      ),
  ),
  'active game whose MSSP snapshot has a flag sent as 0',
);
/** An active game with statistics ready, crawled for 60 days, without an outage in the last week. */
const allWeek = pick(
  active.filter(
    (g) =>
      !g.webOnly &&
      g.statisticsState === 'ready' &&
      g.crawlStart !== null &&
      g.crawlStart < ANCHOR_SECONDS - 60 * DAY &&
      g.crawlEnd === null &&
      g.outages.every((o) => o.end < ANCHOR_SECONDS - 7 * DAY),
  ),
  'game with statistics ready, crawled all week',
);

/** Every game id listed when walking the pages of top_voted, 50 a page. */
async function topVotedWalk(call: Call): Promise<number[]> {
  const seen: number[] = [];
  for (let page = 1; page <= Math.ceil(active.length / 50); page++) {
    seen.push(...ids(await call(`/games?sort=top_voted&per_page=50&page=${page}`)));
  }
  return seen;
}

const WITNESSES: Record<BlindFault7Name, Observe> = {
  'blind7-links-q-normalized': async (call) =>
    asWritten((await call('/games?q=Dragon%20%20Keep&per_page=1')).body.links.self),
  'blind7-self-link-clamped-to-last-page': async (call) =>
    asWritten(
      (await call(`/reviews?per_page=50&page=${Math.ceil(listedReviews.length / 50) + 1}`)).body.links.self,
    ),
  'blind7-average-rating-integer-division': async (call) =>
    (await call(`/games/${fractionalAverage.id}`)).body.data.reviews.average_rating,
  'blind7-review-dates-swapped-when-edited': async (call) =>
    (await call(`/reviews/${editedReview.id}`)).body.data.dates,
  'blind7-q-apostrophe-500': async (call) => (await call('/games?q=dragon%27s')).status,
  'blind7-q-fields-concatenated': async (call) =>
    (await call(`/games?q=${acrossFields}&per_page=1`)).body.meta.total,
  'blind7-top-voted-ties-unstable-across-pages': async (call) => new Set(await topVotedWalk(call)).size,
  'blind7-tag-or-without-parentheses': async (call) =>
    (await call(`/games?theme_tag_id[]=${themeA}&theme_tag_id[]=${themeB}&has_reviews=1&per_page=1`)).body
      .meta.total,
  'blind7-mssp-false-flags-left-as-text': async (call) =>
    (await call(`/games/${zeroFlagSnapshot.id}/mssp`)).body.data.values,
  'blind7-daily-history-without-today': async (call) =>
    (await call(`/games/${allWeek.id}/players`)).body.data.at(-1).recorded_at,
  'blind7-daily-span-calendar-year': async (call) =>
    (await call(`/games/${allWeek.id}/players?from=2024-01-01&to=2024-12-31`)).status,
  'blind7-reviews-ordered-by-day-only': async (call) => ids(await call('/reviews?per_page=50')),
  'blind7-tags-values-accumulate-across-groups': async (call) =>
    (await call('/tags')).body.data.map((group: { values: unknown[] }) => group.values.length),
  'blind7-stats-hourly-cap-counts-days': async (call) =>
    (await call(`/games/${allWeek.id}/statistics?resolution=hourly&from=${daysAgo(59)}&to=${TODAY}`)).status,
  'blind7-activity-on-the-hour-in-previous-hour': async (call) =>
    (await call(`/games/${allWeek.id}/activity-pattern?from=${daysAgo(7)}&to=${TODAY}`)).body.data,
  'blind7-bearer-extra-words-accepted': async (call) =>
    (await call('/tags', { authorization: `Bearer ${KEYS.high.key} extra` })).status,
  'blind7-route-prefix-match': async (call) => (await call('/tags/extra')).status,
  'blind7-patch-answered-as-get': async (call) => (await call('/tags', { method: 'PATCH' })).status,
  'blind7-json-php-with-query-not-gone': async (call) => (await call('/json.php?list=1')).status,
  'blind7-limits-counted-per-route': async (call) => {
    await sendTimes(call, 5, KEYS.low);
    return (await call('/games?per_page=1', { key: KEYS.low })).status;
  },
};

describe('blind fault set 7', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind7', 20, BLIND_FAULTS_7, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    expect(asWritten((await call('/games?q=Dragon%20%20Keep&per_page=1')).body.links.self)).toBe(
      '/api/v1/games?q=Dragon++Keep&per_page=1&page=1',
    );
    const beyond = Math.ceil(listedReviews.length / 50) + 1;
    const past = (await call(`/reviews?per_page=50&page=${beyond}`)).body;
    expect(past.data).toEqual([]);
    expect(asWritten(past.links.self)).toBe(`/api/v1/reviews?per_page=50&page=${beyond}`);

    const ratings = ratingsOf(fractionalAverage);
    const average = (await call(`/games/${fractionalAverage.id}`)).body.data.reviews.average_rating;
    expect(average).toBeCloseTo(ratings.reduce((sum, r) => sum + r, 0) / ratings.length, 2);
    expect(Number.isInteger(average)).toBe(false);

    const dates = (await call(`/reviews/${editedReview.id}`)).body.data.dates;
    expect(dates.submitted < dates.edited).toBe(true);

    const quoted = await call('/games?q=dragon%27s');
    expect([quoted.status, quoted.body.meta.total]).toEqual([200, 0]);
    expect((await call(`/games?q=${acrossFields}&per_page=1`)).body.meta.total).toBe(0);

    const walked = await topVotedWalk(call);
    expect(walked).toHaveLength(active.length);
    expect(new Set(walked).size).toBe(active.length);

    const themed = active.filter(
      (g) => (g.categories.theme === themeA || g.categories.theme === themeB) && reviewCount(g) > 0,
    );
    expect(
      (await call(`/games?theme_tag_id[]=${themeA}&theme_tag_id[]=${themeB}&has_reviews=1&per_page=1`)).body
        .meta.total,
    ).toBe(themed.length);

    const values = (await call(`/games/${zeroFlagSnapshot.id}/mssp`)).body.data.values;
    expect(Object.values(values)).toContain(false);
    expect(Object.values(values)).not.toContain('0');

    expect((await call(`/games/${allWeek.id}/players`)).body.data.at(-1).recorded_at).toBe(
      `${TODAY}T00:00:00Z`,
    );
    const leapYear = await call(`/games/${allWeek.id}/players?from=2024-01-01&to=2024-12-31`);
    expect([leapYear.status, leapYear.body.error.code]).toEqual([422, 'invalid_date_range']);

    expect(ids(await call('/reviews?per_page=50'))).toEqual(listedReviews.slice(0, 50).map((r) => r.id));

    expect(
      (await call('/tags')).body.data.map((group: { values: unknown[] }) => group.values.length),
    ).toEqual(dataset.taxonomy.groups.map((group) => group.values.length));

    const hourly = await call(
      `/games/${allWeek.id}/statistics?resolution=hourly&from=${daysAgo(59)}&to=${TODAY}`,
    );
    expect([hourly.status, hourly.body.error.code]).toEqual([422, 'invalid_statistics_query']);

    // Sunday 00h holds the 00:00 and 00:30 crawls of a week ago and of today; Saturday 23h the 23:00 and 23:30 ones.
    const cells = (await call(`/games/${allWeek.id}/activity-pattern?from=${daysAgo(7)}&to=${TODAY}`)).body
      .data as Array<{ weekday: number; hour: number; count: number }>;
    expect(cells).toHaveLength(168);
    expect(cells.find((cell) => cell.weekday === 7 && cell.hour === 0)?.count).toBe(4);
    expect(cells.find((cell) => cell.weekday === 6 && cell.hour === 23)?.count).toBe(2);

    const extra = await call('/tags', { authorization: `Bearer ${KEYS.high.key} extra` });
    expect([extra.status, extra.body.error.code]).toEqual([401, 'invalid_api_key']);

    for (const path of [
      '/tags/extra',
      `/games/${allWeek.id}/mssp/latest`,
      `/reviews/${editedReview.id}/comments`,
    ]) {
      const unknown = await call(path);
      expect([unknown.status, unknown.body.error.code]).toEqual([404, 'route_not_found']);
    }

    const patched = await call('/tags', { method: 'PATCH' });
    expect([patched.status, patched.headers.allow]).toEqual([405, 'GET']);

    const legacy = await call('/json.php?list=1');
    expect(legacy.status).toBe(410);

    await sendTimes(call, 5, KEYS.low);
    const refused = await call('/games?per_page=1', { key: KEYS.low });
    expect([refused.status, refused.body.error.code]).toEqual([429, 'rate_limit_exceeded']);
  });

  itWitnessesEach(BLIND_FAULTS_7, WITNESSES, start);
});
