/**
 * The deliberate faults and legitimate variants of the game and review representations,
 * applied to what domain/representation.ts built — the correct representation — at the
 * operation boundary (operations.ts), so that the domain reads as the API alone. Each
 * deviation names its catalogue entry (faults.ts, variants.ts); with none on, every
 * function here returns its input unchanged.
 */
import { IANAZone } from 'luxon';
import { CATEGORY_KEYS, type GameRecord } from '../../../fixtures/src/model.ts';
import type { GameIndex } from '../domain/game-index.ts';
import {
  playAddress,
  type GameDetail,
  type GameSummary,
  type ReviewSummary,
} from '../domain/representation.ts';
import { formatUtcTimestamp } from '../domain/utc-format.ts';
import { blindFault } from '../blind-faults/set-1.ts';
import { withFieldFaults } from './field-faults.ts';
import type { FaultSet } from '../faults.ts';
import type { VariantSet } from '../variants.ts';
import { customTagsByName } from '../blind-variants/set-1-behaviour.ts';
import { categoriesByGroupName } from '../blind-variants/set-3-behaviour.ts';

export interface Deviations {
  faults: FaultSet;
  variants: VariantSet;
  index: GameIndex;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
/** Blind fault `blind11-review-dates-london-wall-clock`: the server's zone. */
const LONDON = IANAZone.create('Europe/London');

/** Fault `timestamps-with-millis`: every timestamp of the object written with milliseconds. */
function withMillis<T>(value: T): T {
  if (typeof value === 'string') return (TIMESTAMP.test(value) ? `${value.slice(0, -1)}.000Z` : value) as T;
  if (Array.isArray(value)) return value.map(withMillis) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withMillis(v)])) as T;
  }
  return value;
}

/** A game summary (or detail) as the switched-on faults and variants would have it. */
export function deviateGame<T extends GameSummary>(summary: T, game: GameRecord, on: Deviations): T {
  const { faults, variants } = on;
  if (faults.size === 0 && variants.size === 0) return summary;
  const out = structuredClone(summary);
  const archived = game.archiveReason !== null;
  // Blind variant `bv1-custom-tags-by-name`: the custom tags in alphabetical order of their names.
  if (variants.has('bv1-custom-tags-by-name')) out.tags.custom = customTagsByName(out.tags.custom);
  // Blind variant `bv3-category-keys-from-group-names`: the categories keyed by their tag groups' names.
  if (variants.has('bv3-category-keys-from-group-names'))
    out.tags.categories = categoriesByGroupName(out.tags.categories, on.index);
  // Blind variant `bv3-average-rating-unrounded`: the mean of the ratings as computed.
  if (variants.has('bv3-average-rating-unrounded')) out.reviews.average_rating = on.index.ratingMean(game.id);
  // Blind fault `blind17-mssp-collected-at-falls-back-to-crawl`: COALESCE(mssp_collected_at, last_crawled).
  if (
    blindFault(faults, 'blind17-mssp-collected-at-falls-back-to-crawl') &&
    out.status.mssp_collected_at === null
  ) {
    out.status.mssp_collected_at = out.status.last_crawled;
  }
  // Blind fault `blind16-mssp-collected-at-month-zero-based`: the month written from getUTCMonth() without the + 1.
  const collected = out.status.mssp_collected_at;
  if (blindFault(faults, 'blind16-mssp-collected-at-month-zero-based') && collected !== null) {
    const month = Number(collected.slice(5, 7)) - 1;
    out.status.mssp_collected_at = `${collected.slice(0, 5)}${String(month).padStart(2, '0')}${collected.slice(7)}`;
  }
  // Blind fault `blind16-last-connect-hour-unpadded`: the hour written as `${hours}`, not zero-padded.
  const connect = out.status.last_successful_connect;
  if (blindFault(faults, 'blind16-last-connect-hour-unpadded') && connect !== null) {
    out.status.last_successful_connect = connect.replace(/T0(\d)/, 'T$1');
  }
  // Blind fault `blind15-review-count-rated-only`: COUNT(rating), which skips NULLs, where COUNT(*) was meant.
  if (blindFault(faults, 'blind15-review-count-rated-only')) out.reviews.count = out.reviews.rating_count;
  // Blind fault `blind15-zero-votes-null`: the month's vote counts LEFT JOINed without COALESCE.
  if (blindFault(faults, 'blind15-zero-votes-null') && out.ranking.monthly_votes === 0) {
    (out.ranking as { monthly_votes: number | null }).monthly_votes = null;
  }
  // Blind fault `blind15-web-only-website-moved-to-play`: `{ ...urls, play: urls.website, website: null }`, moved, not copied.
  if (game.webOnly && blindFault(faults, 'blind15-web-only-website-moved-to-play')) out.urls.website = null;
  // Fault `archived-play-not-null`: the play address kept when the game was archived.
  if (archived && faults.has('archived-play-not-null')) out.urls.play = playAddress(game);
  // Blind fault `blind14-admin-disabled-play-kept`: the play address nulled by the archiving for non-connectivity only.
  if (game.archiveReason === 'admin_disabled' && blindFault(faults, 'blind14-admin-disabled-play-kept')) {
    out.urls.play = playAddress(game);
  }
  // Blind fault `blind14-custom-tags-null-when-none`: the custom tags aggregated with array_agg, NULL over no rows.
  if (blindFault(faults, 'blind14-custom-tags-null-when-none') && out.tags.custom.length === 0) {
    (out.tags as { custom: unknown }).custom = null;
  }
  // Fault `web-only-play-null`: a web-only game's website not offered as where to play.
  if (game.webOnly && faults.has('web-only-play-null')) out.urls.play = null;
  // Fault `web-only-connection-present`: the website's host given as a connection.
  if (game.webOnly && game.website !== null && faults.has('web-only-connection-present')) {
    out.connection = { host: new URL(game.website).hostname, port: 443, tls_port: 443, mssp_port: null };
  }
  // Fault `archived-confirmed-online`: the flag as the last successful crawl left it.
  if (archived && faults.has('archived-confirmed-online')) {
    out.status.confirmed_online = out.status.last_successful_connect !== null;
  }
  // Fault `category-keys-from-group-names`: keys from the groups' display names, snake-cased.
  if (faults.has('category-keys-from-group-names')) {
    const groups = on.index.dataset.taxonomy.groups;
    out.tags.categories = Object.fromEntries(
      Object.entries(out.tags.categories).map(([key, tag]) => {
        const name = groups.find((g) => g.key === key)?.name ?? key;
        return [name.toLowerCase().replace(/[^a-z0-9]+/g, '_'), tag];
      }),
    );
  }
  // Variant `web-only-keeps-last-crawled` (D5): a web-only game's last crawl is its MSSP visit.
  if (game.webOnly && variants.has('web-only-keeps-last-crawled')) {
    out.status.last_crawled = game.msspCollectedAt === null ? null : formatUtcTimestamp(game.msspCollectedAt);
  }
  // Blind variant `bv4-web-only-keeps-mssp-collected-at`: the stored snapshot's time is not a current MSSP value.
  if (game.webOnly && variants.has('bv4-web-only-keeps-mssp-collected-at')) {
    out.status.mssp_collected_at =
      game.msspCollectedAt === null ? null : formatUtcTimestamp(game.msspCollectedAt);
  }
  // Blind variant `bv4-game-slug-member`: the listing page's name as a member of its own.
  if (variants.has('bv4-game-slug-member')) (out as T & { slug: string }).slug = game.slug;
  // Variant `listing-url-key-listing` (D1): the listing page under `listing` instead of `mudverse`.
  if (variants.has('listing-url-key-listing')) {
    const { mudverse, ...rest } = out.urls;
    out.urls = { ...rest, listing: mudverse } as unknown as GameSummary['urls'];
  }
  // Blind fault `blind-average-rating-zero-without-ratings`: AVG over no rating read as 0.
  if (
    blindFault(faults, 'blind-average-rating-zero-without-ratings') &&
    out.reviews.average_rating === null
  ) {
    out.reviews.average_rating = 0;
  }
  // Blind fault `blind-rating-count-includes-unrated`: COUNT(*) where COUNT(rating) was meant.
  if (blindFault(faults, 'blind-rating-count-includes-unrated')) out.reviews.rating_count = out.reviews.count;
  // Blind fault `blind-non-connectivity-reason-null`: only the administrator's reason is written.
  if (blindFault(faults, 'blind-non-connectivity-reason-null') && game.archiveReason === 'non_connectivity') {
    out.status.archive_reason = null;
  }
  // Blind fault `blind2-admin-disabled-reason-rewritten`: the reason coerced to the schema's one enum value.
  if (
    blindFault(faults, 'blind2-admin-disabled-reason-rewritten') &&
    game.archiveReason === 'admin_disabled'
  ) {
    out.status.archive_reason = 'non_connectivity';
  }
  // Blind fault `blind2-listed-date-only`: the listing date read from a DATE column.
  if (blindFault(faults, 'blind2-listed-date-only') && out.dates.listed !== null) {
    out.dates.listed = out.dates.listed.slice(0, 10);
  }
  // Blind fault `blind2-category-tag-group-id`: the join takes the group's id for the tag's.
  if (blindFault(faults, 'blind2-category-tag-group-id')) {
    const groups = on.index.dataset.taxonomy.groups;
    for (const [key, tag] of Object.entries(out.tags.categories)) {
      const group = groups.find((g) => g.key === key);
      if (group && tag) tag.id = group.id;
    }
  }
  // Blind fault `blind2-reviews-link-wrong-parameter`: the reviews link names its filter `game`.
  if (blindFault(faults, 'blind2-reviews-link-wrong-parameter') && out.urls.reviews !== undefined) {
    out.urls.reviews = out.urls.reviews.replace('?game_id=', '?game=');
  }
  // Blind fault `blind3-created-postgres-text`: the creation time passed on as PostgreSQL's text of a timestamptz.
  if (blindFault(faults, 'blind3-created-postgres-text') && out.dates.created !== null) {
    out.dates.created = out.dates.created.replace('T', ' ').replace(/Z$/, '+00');
  }
  // Blind fault `blind3-banner-relative-path`: the banner's stored path, not its URL.
  if (blindFault(faults, 'blind3-banner-relative-path')) out.urls.banner = new URL(out.urls.banner).pathname;
  // Blind fault `blind3-tls-port-as-text`: the TLS port read from a VARCHAR column.
  if (blindFault(faults, 'blind3-tls-port-as-text') && out.connection.tls_port !== null) {
    (out.connection as { tls_port: number | string | null }).tls_port = String(out.connection.tls_port);
  }
  // Blind fault `blind3-active-archive-reason-empty`: a NOT NULL DEFAULT '' column.
  if (blindFault(faults, 'blind3-active-archive-reason-empty') && !archived) {
    (out.status as { archive_reason: string | null }).archive_reason = '';
  }
  // Blind fault `blind3-latest-players-zero-when-unknown`: COALESCE(latest_players, 0).
  if (
    blindFault(faults, 'blind3-latest-players-zero-when-unknown') &&
    !game.webOnly &&
    out.status.latest_players === null
  ) {
    out.status.latest_players = 0;
  }
  // Blind fault `blind4-discord-omitted-when-null`: `discord: row.discord ?? undefined`, which JSON leaves out.
  if (blindFault(faults, 'blind4-discord-omitted-when-null') && out.urls.discord === null) {
    delete (out.urls as { discord?: string | null }).discord;
  }
  // Blind fault `blind4-never-reached-connect-epoch-zero`: a missing connect time defaulted to 0, then formatted.
  if (
    blindFault(faults, 'blind4-never-reached-connect-epoch-zero') &&
    !game.webOnly &&
    out.status.last_successful_connect === null
  ) {
    out.status.last_successful_connect = formatUtcTimestamp(0);
  }
  // Blind fault `blind4-average-rating-unrated-as-zero`: AVG(COALESCE(rating, 0)) over all the game's reviews.
  if (blindFault(faults, 'blind4-average-rating-unrated-as-zero') && out.reviews.count > 0) {
    const ratings = on.index.dataset.reviews
      .filter((review) => review.gameId === game.id)
      .map((review) => review.rating ?? 0);
    const sum = ratings.reduce((total, rating) => total + rating, 0);
    out.reviews.average_rating = Math.round((sum / ratings.length) * 100) / 100;
  }
  // Blind fault `blind4-archived-review-count-zero`: the counts read from the public reviews view (active games only).
  if (blindFault(faults, 'blind4-archived-review-count-zero') && archived) {
    out.reviews = { count: 0, average_rating: null, rating_count: 0 };
  }
  // Blind fault `blind5-admin-disabled-archived-false`: the flag computed as archive_reason === 'non_connectivity'.
  if (blindFault(faults, 'blind5-admin-disabled-archived-false') && game.archiveReason === 'admin_disabled') {
    out.status.archived = false;
  }
  // Blind fault `blind6-tls-port-defaults-to-port`: COALESCE(tls_port, port).
  if (
    blindFault(faults, 'blind6-tls-port-defaults-to-port') &&
    out.connection.tls_port === null &&
    out.connection.port !== null
  ) {
    out.connection.tls_port = out.connection.port;
  }
  // Variant `average-rating-whole-stars` (D41): the mean rounded to whole stars, from the ratings (not
  // from the 2-decimal figure: 4.495 would round twice to 5).
  if (variants.has('average-rating-whole-stars') && out.reviews.average_rating !== null) {
    const ratings = on.index.dataset.reviews
      .filter((review) => review.gameId === game.id && review.rating !== null)
      .map((review) => review.rating as number);
    out.reviews.average_rating = Math.round(
      ratings.reduce((total, rating) => total + rating, 0) / ratings.length,
    );
  }
  // Blind fault `blind7-average-rating-integer-division`: SUM(rating) / COUNT(rating) in integer arithmetic.
  if (blindFault(faults, 'blind7-average-rating-integer-division') && out.reviews.average_rating !== null) {
    const ratings = on.index.dataset.reviews
      .filter((review) => review.gameId === game.id && review.rating !== null)
      .map((review) => review.rating!);
    const sum = ratings.reduce((total, rating) => total + rating, 0);
    out.reviews.average_rating = Math.trunc(sum / ratings.length);
  }
  // Blind fault `blind8-custom-tag-name-missing`: names looked up among the groups' values only, undefined for custom tags.
  if (blindFault(faults, 'blind8-custom-tag-name-missing')) {
    out.tags.custom = out.tags.custom.map(({ id }) => ({ id }) as (typeof out.tags.custom)[number]);
  }
  // Blind fault `blind8-web-only-play-listing-page`: the play link read from the listing's own URL field.
  if (blindFault(faults, 'blind8-web-only-play-listing-page') && game.webOnly && !archived) {
    out.urls.play = out.urls.mudverse;
  }
  // Blind fault `blind9-categories-null-for-missing`: the categories read by an outer join, null where the game has no tag.
  if (blindFault(faults, 'blind9-categories-null-for-missing')) {
    const categories = out.tags.categories as Record<string, unknown>;
    out.tags.categories = Object.fromEntries(
      CATEGORY_KEYS.map((key) => [key, categories[key] ?? null]),
    ) as typeof out.tags.categories;
  }
  // Blind fault `blind13-last-connect-is-last-crawl`: the last connect read from the crawl log's last row, reached or not.
  if (blindFault(faults, 'blind13-last-connect-is-last-crawl') && !game.webOnly) {
    out.status.last_successful_connect = out.status.last_crawled;
  }
  // Blind fault `blind18-average-rating-numeric-text`: a NUMERIC(3,2) column, which node-postgres hands over as text.
  if (blindFault(faults, 'blind18-average-rating-numeric-text') && out.reviews.average_rating !== null) {
    (out.reviews as { average_rating: number | string | null }).average_rating =
      out.reviews.average_rating.toFixed(2);
  }
  // Blind fault `blind18-last-connect-null-after-failed-crawl`: the connect time read from the latest crawl row only.
  if (
    blindFault(faults, 'blind18-last-connect-null-after-failed-crawl') &&
    !game.webOnly &&
    out.status.last_crawled !== null &&
    out.status.last_successful_connect !== null &&
    out.status.last_crawled !== out.status.last_successful_connect
  ) {
    out.status.last_successful_connect = null;
  }
  // Blind fault `blind18-archived-mssp-collected-at-null`: the archived representation clears the MSSP summary fields like the web-only one.
  if (blindFault(faults, 'blind18-archived-mssp-collected-at-null') && archived) {
    out.status.mssp_collected_at = null;
  }
  // Blind fault `blind18-web-only-players-link-null`: the "websites are not crawled" branch nulls the player history link.
  if (
    blindFault(faults, 'blind18-web-only-players-link-null') &&
    game.webOnly &&
    out.urls.players !== undefined
  ) {
    (out.urls as { players: string | null }).players = null;
  }
  withFieldFaults(out, 'game', faults);
  return faults.has('timestamps-with-millis') ? withMillis(out) : out;
}

/** A game detail as the switched-on faults and variants would have it. */
export function deviateGameDetail(detail: GameDetail, game: GameRecord, on: Deviations): GameDetail {
  const out = deviateGame(detail, game, on);
  if (on.faults.has('detail-name-differs')) out.name = out.name.toUpperCase();
  // Blind fault `blind13-detail-web-only-flag-false`: the detail query does not select the web-only column.
  if (blindFault(on.faults, 'blind13-detail-web-only-flag-false') && game.webOnly)
    out.status.web_only = false;
  // Blind fault `blind12-detail-watcher-count-is-votes`: the watcher count read from the column next to it.
  if (blindFault(on.faults, 'blind12-detail-watcher-count-is-votes')) out.watcher_count = game.monthlyVotes;
  // Blind fault `blind-detail-mssp-port-omitted-when-null`: the summary's "omit when absent" kept in the detail.
  if (
    blindFault(on.faults, 'blind-detail-mssp-port-omitted-when-null') &&
    out.connection.mssp_port === null
  ) {
    delete (out.connection as { mssp_port?: number | null }).mssp_port;
  }
  // Blind fault `blind3-watcher-count-omitted-when-zero`: a serializer that drops falsy values.
  if (blindFault(on.faults, 'blind3-watcher-count-omitted-when-zero') && out.watcher_count === 0) {
    delete (out as { watcher_count?: number }).watcher_count;
  }
  // Blind fault `blind3-detail-self-without-prefix`: self built from the origin, not the API base.
  if (blindFault(on.faults, 'blind3-detail-self-without-prefix')) {
    const self = new URL(out.urls.self);
    out.urls.self = `${self.origin}${self.pathname.replace(/^\/api\/v1/, '')}`;
  }
  // Blind fault `blind3-detail-reviews-link-omitted-without-reviews`: the link written only when there are reviews.
  if (
    blindFault(on.faults, 'blind3-detail-reviews-link-omitted-without-reviews') &&
    out.reviews.count === 0
  ) {
    delete (out.urls as { reviews?: string }).reviews;
  }
  // Blind fault `blind5-detail-description-first-paragraph`: the description read from a preview column.
  if (blindFault(on.faults, 'blind5-detail-description-first-paragraph')) {
    out.description = out.description.split(/\n\s*\n/)[0]!;
  }
  // Blind fault `blind10-detail-mssp-link-omitted-without-snapshot`: the MSSP link written only when a snapshot exists.
  if (
    blindFault(on.faults, 'blind10-detail-mssp-link-omitted-without-snapshot') &&
    (game.msspCollectedAt === null || game.msspRaw === null)
  ) {
    delete (out.urls as { mssp?: string }).mssp;
  }
  // Blind fault `blind11-archived-detail-live-links-null`: the archived representation nulls the live links with `play`.
  if (blindFault(on.faults, 'blind11-archived-detail-live-links-null') && game.archiveReason !== null) {
    const urls = out.urls as { mssp: string | null; players: string | null };
    urls.mssp = null;
    urls.players = null;
  }
  // §2: the detail form of urls has mssp, players and reviews.
  if (on.faults.has('detail-missing-mssp-link')) delete (out.urls as { mssp?: string }).mssp;
  // Fault `self-link-to-collection`: urls.self names the collection.
  if (on.faults.has('self-link-to-collection')) out.urls.self = out.urls.self.replace(/\/\d+$/, '');
  // Fault `watcher-count-as-text`: the count serialised as a string.
  if (on.faults.has('watcher-count-as-text')) {
    (out as unknown as Record<string, unknown>).watcher_count = String(out.watcher_count);
  }
  return out;
}

/** A review summary (or detail) as the switched-on faults would have it. */
export function deviateReview<T extends ReviewSummary>(review: T, on: Deviations): T {
  if (on.faults.size === 0) return review;
  const out = withFieldFaults(structuredClone(review), 'review', on.faults);
  // Blind fault `blind15-review-body-title-heading`: the body from the review page's document template, the title as a heading.
  if (
    blindFault(on.faults, 'blind15-review-body-title-heading') &&
    'body' in out &&
    typeof out.body === 'string'
  ) {
    (out as { body: string }).body = `# ${out.title}\n\n${out.body}`;
  }
  // Blind fault `blind14-review-game-joined-on-review-id`: the game joined on the review's id, not its game id.
  if (blindFault(on.faults, 'blind14-review-game-joined-on-review-id') && out.game) {
    const joined = on.index.game(out.id);
    (out.game as { name: string | null }).name = joined?.name ?? null;
    out.game.archived = joined ? joined.archiveReason !== null : false;
  }
  // Blind fault `blind-review-edited-offset-format`: the edit time written with an explicit offset.
  if (blindFault(on.faults, 'blind-review-edited-offset-format') && typeof out.dates.edited === 'string') {
    out.dates.edited = out.dates.edited.replace(/Z$/, '+00:00');
  }
  // Fault `review-edited-before-submitted`: the edit's delay subtracted from the submission, not added.
  if (
    on.faults.has('review-edited-before-submitted') &&
    out.dates.edited !== null &&
    out.dates.submitted !== null
  ) {
    const submitted = Date.parse(out.dates.submitted);
    const delay = Date.parse(out.dates.edited) - submitted;
    out.dates.edited = new Date(submitted - delay).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  // Blind fault `blind12-review-list-edited-null`: the list query does not select the edit time.
  if (blindFault(on.faults, 'blind12-review-list-edited-null') && !('body' in out) && out.dates) {
    out.dates.edited = null;
  }
  // Blind fault `blind-review-game-archived-false`: the flag never looked up.
  if (blindFault(on.faults, 'blind-review-game-archived-false') && out.game) out.game.archived = false;
  // Blind fault `blind2-review-rating-zero-when-unrated`: a missing rating read as 0.
  if (blindFault(on.faults, 'blind2-review-rating-zero-when-unrated') && out.rating === null) out.rating = 0;
  // Blind fault `blind2-review-edited-defaults-to-submitted`: COALESCE(edited, submitted).
  if (blindFault(on.faults, 'blind2-review-edited-defaults-to-submitted') && out.dates.edited === null) {
    out.dates.edited = out.dates.submitted;
  }
  // Blind fault `blind2-review-archived-game-name-null`: the game's name joined from the active listings only.
  if (blindFault(on.faults, 'blind2-review-archived-game-name-null') && out.game?.archived) {
    (out.game as { name: string | null }).name = null;
  }
  // Blind fault `blind3-review-affiliation-empty-string`: a missing affiliation stored as ''.
  if (blindFault(on.faults, 'blind3-review-affiliation-empty-string') && out.author?.affiliation === null) {
    out.author.affiliation = '';
  }
  // Blind fault `blind4-review-list-self-game-id`: the list's self link built with the game's id.
  if (blindFault(on.faults, 'blind4-review-list-self-game-id') && !('body' in out) && out.urls && out.game) {
    out.urls.self = out.urls.self.replace(/\/reviews\/\d+$/, `/reviews/${out.game.id}`);
  }
  // Blind fault `blind6-review-game-archived-reads-web-only`: the flag read from the column next to it.
  if (blindFault(on.faults, 'blind6-review-game-archived-reads-web-only') && out.game) {
    out.game.archived = on.index.game(out.game.id)?.webOnly ?? false;
  }
  // Blind fault `blind6-review-body-markdown-escaped`: the body passed through a plain-text Markdown escaper.
  if (
    blindFault(on.faults, 'blind6-review-body-markdown-escaped') &&
    'body' in out &&
    typeof out.body === 'string'
  ) {
    out.body = out.body.replace(/[\\`*_\-+.!#()[\]]/g, '\\$&');
  }
  // Blind fault `blind7-review-dates-swapped-when-edited`: the two times mapped by position, the other way round.
  if (
    blindFault(on.faults, 'blind7-review-dates-swapped-when-edited') &&
    out.dates &&
    out.dates.edited !== null
  ) {
    out.dates = { submitted: out.dates.edited, edited: out.dates.submitted };
  }
  // Blind fault `blind9-review-submitted-without-seconds`: the submission time formatted without its seconds.
  if (
    blindFault(on.faults, 'blind9-review-submitted-without-seconds') &&
    typeof out.dates?.submitted === 'string'
  ) {
    out.dates.submitted = out.dates.submitted.replace(/:\d{2}Z$/, 'Z');
  }
  // Blind fault `blind9-review-game-link-relative`: the game link built by the router's path helper.
  if (blindFault(on.faults, 'blind9-review-game-link-relative') && out.urls) {
    out.urls.game = new URL(out.urls.game).pathname;
  }
  // Blind fault `blind11-review-dates-london-wall-clock`: the times formatted from the server's Europe/London wall clock, with a Z.
  if (blindFault(on.faults, 'blind11-review-dates-london-wall-clock') && out.dates) {
    const wallClock = (stamp: string | null) => {
      if (stamp === null || !TIMESTAMP.test(stamp)) return stamp;
      const ms = Date.parse(stamp);
      return formatUtcTimestamp(ms / 1000 + LONDON.offset(ms) * 60);
    };
    out.dates = { submitted: wallClock(out.dates.submitted)!, edited: wallClock(out.dates.edited) };
  }
  // Blind fault `blind11-review-body-newlines-collapsed`: the body through a single-line sanitizer, whitespace runs to one space.
  if (
    blindFault(on.faults, 'blind11-review-body-newlines-collapsed') &&
    'body' in out &&
    typeof out.body === 'string'
  ) {
    out.body = out.body.replace(/\s+/g, ' ').trim();
  }
  // Blind fault `blind-review-body-html`: the Markdown body rendered to HTML paragraphs.
  if (blindFault(on.faults, 'blind-review-body-html') && 'body' in out && typeof out.body === 'string') {
    out.body = out.body
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${paragraph}</p>`)
      .join('\n');
  }
  // Blind fault `blind18-unrated-review-detail-rating-omitted`: `rating: row.rating ?? undefined` through a serializer dropping undefined.
  if (
    blindFault(on.faults, 'blind18-unrated-review-detail-rating-omitted') &&
    'body' in out &&
    out.rating === null
  ) {
    delete (out as { rating?: number | null }).rating;
  }
  // Blind fault `blind18-review-edited-epoch-seconds`: the edit time passed on from a BIGINT Unix-time column.
  if (blindFault(on.faults, 'blind18-review-edited-epoch-seconds') && typeof out.dates?.edited === 'string') {
    (out.dates as { edited: string | number | null }).edited = Date.parse(out.dates.edited) / 1000;
  }
  return on.faults.has('timestamps-with-millis') ? withMillis(out) : out;
}
