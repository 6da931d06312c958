/**
 * The deliberate-fault catalogue: named, plausible implementer bugs the reference
 * server can be started with (`createApp({ faults })`, `--faults a,b`), each breaking
 * ONE rule of the API description. They exist only to prove that the conformance
 * suite's checks bite: run the suite against a server with one fault on and the check
 * that guards the rule must fail. Off by default; with no fault on, nothing here
 * changes any behaviour.
 *
 * Each fault is consulted once, by `faults.has(name)`, in the module named in `where`:
 * a deviation module under deviations/ (applied around the correct domain code at the
 * operation boundary, as rules or as a change of its output), a middleware, or the
 * operation itself — never in domain/, which reads as the API alone.
 */
import { CATEGORY_KEYS } from '../../fixtures/src/model.ts';
import { catalogueNames, type CatalogueNames } from './catalogue.ts';
import { BLIND_FAULTS_1, type BlindFaultName as BlindFault1Name } from './blind-faults/set-1.ts';
import { BLIND_FAULTS_2, type BlindFault2Name } from './blind-faults/set-2.ts';
import { BLIND_FAULTS_3, type BlindFault3Name } from './blind-faults/set-3.ts';
import { BLIND_FAULTS_4, type BlindFault4Name } from './blind-faults/set-4.ts';
import { BLIND_FAULTS_5, type BlindFault5Name } from './blind-faults/set-5.ts';
import { BLIND_FAULTS_6, type BlindFault6Name } from './blind-faults/set-6.ts';
import { BLIND_FAULTS_7, type BlindFault7Name } from './blind-faults/set-7.ts';
import { BLIND_FAULTS_8, type BlindFault8Name } from './blind-faults/set-8.ts';
import { BLIND_FAULTS_9, type BlindFault9Name } from './blind-faults/set-9.ts';
import { BLIND_FAULTS_10, type BlindFault10Name } from './blind-faults/set-10.ts';
import { BLIND_FAULTS_11, type BlindFault11Name } from './blind-faults/set-11.ts';
import { BLIND_FAULTS_12, type BlindFault12Name } from './blind-faults/set-12.ts';
import { BLIND_FAULTS_13, type BlindFault13Name } from './blind-faults/set-13.ts';
import { BLIND_FAULTS_14, type BlindFault14Name } from './blind-faults/set-14.ts';
import { BLIND_FAULTS_15, type BlindFault15Name } from './blind-faults/set-15.ts';
import { BLIND_FAULTS_16, type BlindFault16Name } from './blind-faults/set-16.ts';
import { BLIND_FAULTS_17, type BlindFault17Name } from './blind-faults/set-17.ts';
import { BLIND_FAULTS_18, type BlindFault18Name } from './blind-faults/set-18.ts';
import { BLIND_FAULTS_19, type BlindFault19Name } from './blind-faults/set-19.ts';
import { BLIND_FAULTS_20, type BlindFault20Name } from './blind-faults/set-20.ts';
import { BLIND_FAULTS_21, type BlindFault21Name } from './blind-faults/set-21.ts';
import { BLIND_FAULTS_22, type BlindFault22Name } from './blind-faults/set-22.ts';
import { BLIND_FAULTS_23, type BlindFault23Name } from './blind-faults/set-23.ts';
import { BLIND_FAULTS_24, type BlindFault24Name } from './blind-faults/set-24.ts';
import { BLIND_FAULTS_25, type BlindFault25Name } from './blind-faults/set-25.ts';
import { BLIND_FAULTS_26, type BlindFault26Name } from './blind-faults/set-26.ts';
import { BLIND_FAULTS_27, type BlindFault27Name } from './blind-faults/set-27.ts';
import { BLIND_FAULTS_28, type BlindFault28Name } from './blind-faults/set-28.ts';
import { BLIND_FAULTS_29, type BlindFault29Name } from './blind-faults/set-29.ts';
import { BLIND_FAULTS_30, type BlindFault30Name } from './blind-faults/set-30.ts';
import { BLIND_FAULTS_31, type BlindFault31Name } from './blind-faults/set-31.ts';
import { BLIND_FAULTS_32, type BlindFault32Name } from './blind-faults/set-32.ts';
import { BLIND_FAULTS_33, type BlindFault33Name } from './blind-faults/set-33.ts';
import { BLIND_FAULTS_34, type BlindFault34Name } from './blind-faults/set-34.ts';
import { BLIND_FAULTS_35, type BlindFault35Name } from './blind-faults/set-35.ts';
import { BLIND_FAULTS_36, type BlindFault36Name } from './blind-faults/set-36.ts';
import { BLIND_FAULTS_37, type BlindFault37Name } from './blind-faults/set-37.ts';
import { BLIND_FAULTS_38, type BlindFault38Name } from './blind-faults/set-38.ts';

export interface Fault {
  /** Stable kebab-case id, used on the CLI and in the suite's expectations. */
  name: string;
  /** Ids of conformance/src/rules.ts it breaks: the join key to checks, faults and variants (docs/rules.md). */
  rules: readonly string[];
  /** The rule of the API description (or DECISIONS row) it breaks. */
  rule: string;
  /** What the faulty server does, in one declarative sentence. */
  description: string;
  /** The module where the fault is injected. */
  where: string;
}

/**
 * How a field fault breaks its field: the ways serializers get a type or a required key
 * wrong (a string for a number, 0/1 for a boolean, a key dropped when null or empty, a path
 * for an absolute URI, "" for a null timestamp, null for a string).
 */
export type FieldMutation =
  'as-text' | 'as-int' | 'null' | 'omit' | 'omit-null' | 'omit-empty' | 'path-only' | 'null-as-empty';

/** A fault that breaks one field rule of §2 (the games' and reviews' representations). */
export interface FieldFault extends Fault {
  /** Which representations it applies to: a game (summary and detail) or a review (summary and detail). */
  resource: 'game' | 'review';
  /** The field, from the representation's root. */
  path: readonly string[];
  mutation: FieldMutation;
}

/**
 * One fault per field rule of §2 that no other fault breaks, so that every such rule has a
 * fault proving its check bites (docs/rules.md). Injected by deviations/field-faults.ts.
 */
/** One field fault: the rule text and the module follow from the resource and the path. */
function field<const N extends string>(
  name: N,
  rules: readonly string[],
  resource: FieldFault['resource'],
  path: readonly string[],
  mutation: FieldMutation,
  description: string,
): FieldFault & { name: N } {
  const representation = resource === 'game' ? 'Game summary and detail' : 'Review summary and detail';
  const rule = `§2 ${representation}: ${path.join('.')}`;
  return { name, rules, rule, description, where: 'deviations/field-faults.ts', resource, path, mutation };
}

export const FIELD_FAULTS = [
  field(
    'game-name-null-when-unnamed',
    ['S2.GS.NAME'],
    'game',
    ['name'],
    'null',
    "A game's name written as null",
  ),
  field(
    'game-intro-omitted',
    ['S2.GS.INTRO'],
    'game',
    ['intro'],
    'omit',
    "A game's intro left out of the object",
  ),
  field(
    'game-self-url-omitted',
    ['S2.GS.URLS'],
    'game',
    ['urls', 'self'],
    'omit',
    'urls.self left out of a game',
  ),
  field(
    'game-listing-url-relative',
    ['S2.URLS.LISTING'],
    'game',
    ['urls', 'mudverse'],
    'path-only',
    "The listing page's URL written as a path",
  ),
  field(
    'game-website-omitted-when-null',
    ['S2.URLS.WEBSITE'],
    'game',
    ['urls', 'website'],
    'omit-null',
    'urls.website left out when null (a serializer that drops nulls)',
  ),
  field(
    'game-discord-omitted-when-null',
    ['S2.URLS.DISCORD'],
    'game',
    ['urls', 'discord'],
    'omit-null',
    'urls.discord left out when null',
  ),
  field(
    'game-banner-url-relative',
    ['S2.URLS.BANNER'],
    'game',
    ['urls', 'banner'],
    'path-only',
    'urls.banner written as a path',
  ),
  field(
    'game-players-url-relative',
    ['S2.URLS.PLAYERS'],
    'game',
    ['urls', 'players'],
    'path-only',
    'urls.players written as a path',
  ),
  field(
    'game-reviews-url-relative',
    ['S2.URLS.REVIEWS'],
    'game',
    ['urls', 'reviews'],
    'path-only',
    'urls.reviews written as a path',
  ),
  field(
    'game-host-omitted-when-null',
    ['S2.CONN.HOST', 'S2.GS.CONNECTION'],
    'game',
    ['connection', 'host'],
    'omit-null',
    'connection.host left out when null',
  ),
  field(
    'game-port-as-text',
    ['S2.CONN.PORT'],
    'game',
    ['connection', 'port'],
    'as-text',
    'connection.port written as a string',
  ),
  field(
    'game-tls-port-omitted-when-null',
    ['S2.CONN.TLS'],
    'game',
    ['connection', 'tls_port'],
    'omit-null',
    'connection.tls_port left out when null',
  ),
  field(
    'game-mssp-port-omitted-when-null',
    ['S2.CONN.MSSP'],
    'game',
    ['connection', 'mssp_port'],
    'omit-null',
    'connection.mssp_port left out when null',
  ),
  field(
    'game-rank-omitted-when-null',
    ['S2.GS.RANKING'],
    'game',
    ['ranking', 'rank'],
    'omit-null',
    'ranking.rank left out when null',
  ),
  field(
    'game-average-rating-as-text',
    ['S2.GS.REVIEWS'],
    'game',
    ['reviews', 'average_rating'],
    'as-text',
    'reviews.average_rating written as a string',
  ),
  field(
    'game-custom-tags-omitted-when-empty',
    ['S2.GS.TAGS'],
    'game',
    ['tags', 'custom'],
    'omit-empty',
    'tags.custom left out when the game has none',
  ),
  field(
    'game-listed-date-omitted',
    ['S2.GS.DATES'],
    'game',
    ['dates', 'listed'],
    'omit',
    'dates.listed left out of a game',
  ),
  field(
    'game-null-timestamp-as-empty-string',
    ['S2.NULLTS', 'S2.ST.LASTCRAWLED'],
    'game',
    ['status', 'last_crawled'],
    'null-as-empty',
    'A null status.last_crawled written as ""',
  ),
  field(
    'game-archived-as-number',
    ['S2.ST.ARCHIVED', 'S2.GS.STATUS'],
    'game',
    ['status', 'archived'],
    'as-int',
    'status.archived written as 0 or 1 (a TINYINT column)',
  ),
  field(
    'game-archive-reason-omitted-when-null',
    ['S2.ST.REASON'],
    'game',
    ['status', 'archive_reason'],
    'omit-null',
    'status.archive_reason left out for active games',
  ),
  field(
    'game-web-only-as-number',
    ['S2.ST.WEBONLY'],
    'game',
    ['status', 'web_only'],
    'as-int',
    'status.web_only written as 0 or 1',
  ),
  field(
    'game-last-connect-omitted-when-null',
    ['S2.ST.LASTCONNECT'],
    'game',
    ['status', 'last_successful_connect'],
    'omit-null',
    'status.last_successful_connect left out when null',
  ),
  field(
    'game-latest-players-omitted-when-null',
    ['S2.ST.PLAYERS'],
    'game',
    ['status', 'latest_players'],
    'omit-null',
    'status.latest_players left out when null',
  ),
  field(
    'game-mssp-collected-at-omitted-when-null',
    ['S2.ST.MSSPAT'],
    'game',
    ['status', 'mssp_collected_at'],
    'omit-null',
    'status.mssp_collected_at left out when null',
  ),
  field(
    'game-description-null',
    ['S2.GD.DESCRIPTION'],
    'game',
    ['description'],
    'null',
    "A game detail's description written as null",
  ),
  field(
    'review-title-null',
    ['S2.RS.TITLE'],
    'review',
    ['title'],
    'null',
    "A review's title written as null",
  ),
  field(
    'review-rating-omitted-when-null',
    ['S2.RS.RATING'],
    'review',
    ['rating'],
    'omit-null',
    'A review without a rating leaves rating out',
  ),
  field(
    'review-affiliation-omitted-when-null',
    ['S2.RS.AUTHOR'],
    'review',
    ['author', 'affiliation'],
    'omit-null',
    'author.affiliation left out when null',
  ),
  field(
    'review-game-archived-as-number',
    ['S2.RS.GAME'],
    'review',
    ['game', 'archived'],
    'as-int',
    'game.archived written as 0 or 1',
  ),
  field(
    'review-edited-omitted-when-null',
    ['S2.RS.DATES'],
    'review',
    ['dates', 'edited'],
    'omit-null',
    'dates.edited left out for a review never edited',
  ),
  field(
    'review-game-url-relative',
    ['S2.RS.URLS'],
    'review',
    ['urls', 'game'],
    'path-only',
    'urls.game written as a path',
  ),
] as const satisfies readonly FieldFault[];

export const FAULTS = [
  // §4 GET /games — collection, filters, search, sorts, pagination.
  {
    name: 'archived-in-total',
    rules: ['S4.GAMES.ARCHIVED', 'S2.PAGEMETA'],
    rule: '§4 GET /games; §3 states table',
    description: 'meta.total counts archived games although data excludes them',
    where: 'deviations/games.ts',
  },
  {
    name: 'archived-in-results',
    rules: ['S4.GAMES.ARCHIVED', 'S3.ARCHIVED'],
    rule: '§4 GET /games; §3 states table',
    description: 'Archived games appear in /games data (and in meta.total)',
    where: 'deviations/games.ts',
  },
  {
    name: 'or-across-categories',
    rules: ['S4.GAMES.RULE2'],
    rule: '§4 GET /games, rule 2',
    description: 'Tag ids of different categories combine with OR',
    where: 'deviations/games.ts',
  },
  {
    name: 'and-within-category',
    rules: ['S4.GAMES.RULE2'],
    rule: '§4 GET /games, rule 2',
    description: 'Several tag ids of one category must all match (so usually nothing matches)',
    where: 'deviations/games.ts',
  },
  {
    name: 'bracketless-tag-ignored',
    rules: ['S4.GAMES.RULE1'],
    rule: '§4 GET /games, rule 1',
    description: 'A tag parameter sent without brackets (codebase_tag_id=3) is ignored',
    where: 'deviations/games.ts',
  },
  {
    name: 'q-any-term',
    rules: ['S4.GAMES.Q'],
    rule: '§4 GET /games, parameter q',
    description: 'A game matches q when any one of the terms occurs',
    where: 'deviations/games.ts',
  },
  {
    name: 'q-name-only',
    rules: ['S4.GAMES.Q'],
    rule: '§4 GET /games, parameter q',
    description: 'q searches the name only, not the intro or description',
    where: 'deviations/games.ts',
  },
  {
    name: 'q-description-first-255-chars',
    rules: ['S4.GAMES.Q'],
    rule: '§4 GET /games, parameter q ("the game\'s name, intro or full description")',
    description: 'q searches only the first 255 characters of the description (a VARCHAR(255) search column)',
    where: 'deviations/games.ts',
  },
  {
    name: 'q-or-operator',
    rules: ['S4.GAMES.Q'],
    rule: '§4 GET /games, parameter q ("Split on whitespace; every term must occur")',
    description:
      'q is read as a web search box reads it: a standalone OR between terms makes either side enough (dragon OR realm finds the games of either word)',
    where: 'operations.ts',
  },
  {
    name: 'links-drop-filters',
    rules: ['S2.PAGELINKS'],
    rule: '§2 PaginationLinks: links preserve the query parameters',
    description: 'Pagination links keep only page and per_page',
    where: 'deviations/paging.ts',
  },
  {
    name: 'links-relative',
    rules: ['S2.LINKS-ABS'],
    rule: '§2 PaginationLinks: links are absolute URIs',
    description: 'Pagination links are paths without scheme and host',
    where: 'deviations/paging.ts',
  },
  {
    name: 'reviews-links-drop-game-id',
    rules: ['S2.LINKS-ABS'],
    rule: '§2 PaginationLinks: links preserve the query parameters of the request',
    description: "GET /reviews's links leave out game_id (they page through every game's reviews)",
    where: 'deviations/paging.ts',
  },
  {
    name: 'review-edited-before-submitted',
    rules: ['S2.RS.DATES'],
    rule: '§2 review summary: `edited` records the latest edit',
    description:
      "An edited review's dates.edited is its submission less the edit's delay (the delay subtracted, not added)",
    where: 'deviations/representation.ts',
  },
  {
    name: 'next-on-last-page',
    rules: ['S1.5-NEXTPREV'],
    rule: '§1.5: next only when such a page exists',
    description: 'links.next is present on the last page',
    where: 'deviations/paging.ts',
  },
  {
    name: 'previous-on-first-page',
    rules: ['S1.5-NEXTPREV'],
    rule: '§1.5: previous only when such a page exists',
    description: 'links.previous is present on page 1 (pointing at page 0)',
    where: 'deviations/paging.ts',
  },
  {
    name: 'per-page-default-10',
    rules: ['S4.GAMES.PERPAGE', 'S8.PERPAGE'],
    rule: '§4 GET /games, parameter per_page; §8 per_page default 20',
    description: 'per_page defaults to 10',
    where: 'deviations/games.ts',
  },
  {
    name: 'total-is-page-count',
    rules: ['S2.PAGEMETA', 'S1.5-ENVELOPE'],
    rule: '§2 PaginationMeta: total counts matching items across all pages',
    description: 'meta.total is the number of items on this page',
    where: 'deviations/paging.ts',
  },
  {
    name: 'unknown-sort-422',
    rules: ['S4.GAMES.SORT-UNKNOWN'],
    rule: '§4 GET /games, parameter sort',
    description: 'An unknown sort answers 422 invalid_filter instead of falling back',
    where: 'deviations/games.ts',
  },
  {
    name: 'unknown-sort-is-newest',
    rules: ['S4.GAMES.SORT-UNKNOWN'],
    rule: '§4 GET /games, parameter sort',
    description: 'An unknown sort falls back to newest instead of last_updated',
    where: 'deviations/games.ts',
  },
  {
    name: 'web-only-online-recently-accepted',
    rules: ['S4.GAMES.RULE3-COMBOS', 'S7.CODE.invalid_filter'],
    rule: '§4 GET /games, rule 3',
    description: 'connection_type=web_only with online_recently=1 answers 200',
    where: 'deviations/games.ts',
  },
  {
    name: 'web-only-recently-online-sort-accepted',
    rules: ['S4.GAMES.RULE3-COMBOS', 'S7.CODE.invalid_filter'],
    rule: '§4 GET /games, rule 3',
    description: 'connection_type=web_only with sort=recently_online answers 200',
    where: 'deviations/games.ts',
  },
  {
    name: 'has-reviews-2-accepted',
    rules: ['S4.GAMES.RULE3-INVALID', 'S4.GAMES.HASREVIEWS'],
    rule: '§4 GET /games, parameter has_reviews; rule 3 (D47)',
    description: 'has_reviews=2 is treated like has_reviews=1 instead of 422',
    where: 'deviations/games.ts',
  },
  {
    name: 'recently-updated-60-days',
    rules: ['S4.GAMES.RECENTUPD', 'S8.UPDATED30'],
    rule: '§8 recently_updated window',
    description: 'recently_updated=1 admits listings updated in the last 60 days',
    where: 'deviations/games.ts',
  },
  {
    name: 'online-recently-7-days',
    rules: ['S4.GAMES.ONLINE', 'S8.ONLINE48'],
    rule: '§8 online_recently window',
    description: 'online_recently=1 admits games reached in the last 7 days',
    where: 'deviations/games.ts',
  },
  {
    name: 'mud-client-includes-web-only',
    rules: ['S4.GAMES.CONNTYPE'],
    rule: '§4 GET /games, parameter connection_type',
    description: 'connection_type=mud_client does not exclude web-only games',
    where: 'deviations/games.ts',
  },
  {
    name: 'page-skips-item',
    rules: ['S4.GAMES.PAGE'],
    rule: '§4 GET /games, parameter page; §1.5',
    description: 'Page N > 1 starts at offset (N−1)·per_page+1: one item is lost between pages 1 and 2',
    where: 'deviations/games.ts',
  },
  {
    name: 'offset-capped-at-250',
    rules: ['S4.GAMES.PAGE'],
    rule: '§4 GET /games, parameter page; §2 PaginationMeta',
    description:
      'OFFSET is capped at 250 (a guard against deep paging): pages starting past the 250th game repeat the games from the 251st',
    where: 'deviations/games.ts',
  },
  {
    name: 'sort-top-voted-ascending',
    rules: ['S4.GAMES.SORT'],
    rule: '§4 GET /games, parameter sort (D22)',
    description: 'sort=top_voted orders by monthly votes ascending',
    where: 'deviations/games.ts',
  },

  // §2 game and review representations, §4 GET /games/{gameId}.
  {
    name: 'archived-rank-not-null',
    rules: ['S2.RULE1'],
    rule: '§2 rules on game resources, rule 1',
    description: 'Archived games are ranked among the active ones (ranking.rank not null)',
    where: 'deviations/games.ts',
  },
  {
    name: 'archived-play-not-null',
    rules: ['S2.RULE1', 'S4.GAME.ARCHIVED'],
    rule: '§2 rules on game resources, rule 1',
    description: 'An archived game keeps its urls.play',
    where: 'deviations/representation.ts',
  },
  {
    name: 'archived-confirmed-online',
    rules: ['S2.RULE1', 'S2.ST.CONFIRMED', 'S4.GAME.ARCHIVED'],
    rule: '§2 rules on game resources, rule 1',
    description: 'An archived game keeps confirmed_online true from its last successful crawl',
    where: 'deviations/representation.ts',
  },
  {
    name: 'web-only-play-null',
    rules: ['S2.RULE2', 'S2.URLS.PLAY'],
    rule: '§2 rules on game resources, rule 2',
    description: 'A web-only game has urls.play null instead of its website',
    where: 'deviations/representation.ts',
  },
  {
    name: 'web-only-connection-present',
    rules: ['S2.RULE2'],
    rule: '§2 rules on game resources, rule 2',
    description: "A web-only game's connection names its website's host and port 443",
    where: 'deviations/representation.ts',
  },
  {
    name: 'detail-missing-mssp-link',
    rules: ['S2.URLS.MSSP', 'S2.GD.FORMS'],
    rule: '§2 urls table: mssp required in detail',
    description: 'urls.mssp is absent from the game detail',
    where: 'deviations/representation.ts',
  },
  {
    name: 'unknown-game-200-null',
    rules: ['S4.GAME.404', 'S7.CODE.game_not_found'],
    rule: '§4 GET /games/{gameId}: 404 game_not_found',
    description: 'An unknown game id answers 200 {data: null}',
    where: 'operations.ts',
  },
  {
    name: 'timestamps-with-millis',
    rules: ['S1.4-FORMAT'],
    rule: '§1.4 timestamp shape YYYY-MM-DDThh:mm:ssZ',
    description: 'Game and review timestamps carry milliseconds (…:00.000Z)',
    where: 'deviations/representation.ts',
  },
  {
    name: 'detail-name-differs',
    rules: ['S2.GD.FORMS'],
    rule: '§2 Game detail: all summary fields',
    description: "The detail's name is upper-cased, unlike the summary's",
    where: 'deviations/representation.ts',
  },
  {
    name: 'category-keys-from-group-names',
    rules: ['S2.GS.CATEGORY-KEYS'],
    rule: '§2 game summary, tags.categories keys (D2)',
    description:
      'tags.categories keys are the snake-cased tag group names (roleplaying_status, play_count), not the filter prefixes',
    where: 'deviations/representation.ts',
  },

  // §4 GET /games/{gameId}/mssp.
  {
    name: 'mssp-available-with-null-data',
    rules: ['S3.MSSP-STATES', 'S4.MSSP.OK'],
    rule: '§3 MSSP lookup states; §4 GET /games/{gameId}/mssp',
    description: 'A game without a snapshot answers meta.status available with data null',
    where: 'deviations/mssp.ts',
  },
  {
    name: 'mssp-archived-404',
    rules: ['S4.MSSP.ARCHIVED-WEBONLY'],
    rule: '§4 GET /games/{gameId}/mssp: available for archived games',
    description: "An archived game's MSSP answers 404 game_not_found",
    where: 'deviations/mssp.ts',
  },
  {
    name: 'mssp-collected-at-epoch',
    rules: ['S2.MSSP.COLLECTED', 'S1.4-FORMAT'],
    rule: '§2 MSSP snapshot: collected_at is a NullableTimestamp',
    description: "A snapshot's collected_at is epoch seconds (a number), not a timestamp string",
    where: 'deviations/mssp.ts',
  },
  {
    name: 'mssp-numbers-left-as-text',
    rules: ['S2.MSSP.VALUES'],
    rule: '§2 MSSP snapshot, values: known numeric fields are JSON numbers (D44)',
    description: 'Known numeric MSSP variables (players, uptime, rooms …) stay strings',
    where: 'deviations/mssp.ts',
  },
  {
    name: 'mssp-not-available-empty-snapshot',
    rules: ['S4.MSSP.NONE', 'S3.MSSP-STATES'],
    rule: '§3 MSSP lookup states; §4 GET /games/{gameId}/mssp: data null without a snapshot',
    description:
      'A game without a snapshot answers mssp_not_available with data {collected_at: null, values: null} instead of null',
    where: 'deviations/mssp.ts',
  },

  // §4 GET /games/{gameId}/players.
  {
    name: 'daily-range-366-accepted',
    rules: ['S4.PLAYERS.MAX', 'S8.DAILY365'],
    rule: '§4 GET /games/{gameId}/players; §8 daily range at most 365 days (D25)',
    description: 'A 366-day daily range is accepted',
    where: 'deviations/player-history.ts',
  },
  {
    name: 'daily-range-365-refused',
    rules: ['S4.PLAYERS.MAX', 'S8.DAILY365'],
    rule: '§4 GET /games/{gameId}/players; §8 daily range at most 365 days (D25)',
    description: 'A 365-day daily range (to − from = 364) is refused with 422',
    where: 'deviations/player-history.ts',
  },
  {
    name: 'raw-range-91-accepted',
    rules: ['S4.PLAYERS.MAX', 'S8.RAW90'],
    rule: '§4 GET /games/{gameId}/players; §8 raw range at most 90 days (D25)',
    description: 'A 91-day raw range is accepted',
    where: 'deviations/player-history.ts',
  },
  {
    name: 'daily-value-max',
    rules: ['S4.PLAYERS.GRANULARITY'],
    rule: '§4 GET /games/{gameId}/players, granularity daily (D24)',
    description: "A daily value is the maximum of the day's raw samples, not their rounded average",
    where: 'deviations/player-history.ts',
  },
  {
    name: 'players-default-31-days',
    rules: ['S4.PLAYERS.FROM', 'S8.DEFAULT30'],
    rule: '§4 GET /games/{gameId}/players, parameter from; §8 default range 30 days',
    description: 'from defaults to 30 days before to (a 31-day range)',
    where: 'deviations/player-history.ts',
  },
  {
    name: 'players-reverse-chronological',
    rules: ['S4.PLAYERS.CHRONO'],
    rule: '§4 GET /games/{gameId}/players: chronological samples',
    description: 'Player samples are returned newest first',
    where: 'deviations/player-history.ts',
  },
  {
    name: 'players-invalid-date-accepted',
    rules: ['S4.PLAYERS.422', 'S7.CODE.invalid_date_range'],
    rule: '§4 GET /games/{gameId}/players: an invalid date returns 422 (D26)',
    description: 'An impossible date such as 2026-02-30 rolls over (to 2026-03-02) instead of 422',
    where: 'deviations/player-history.ts',
  },
  {
    name: 'player-count-as-text',
    rules: ['S2.PLAYER.SAMPLE'],
    rule: '§2 Player sample: players integer ≥ 0',
    description: 'Raw samples carry players as text ("12"), as the MSSP variable was crawled',
    where: 'deviations/player-history.ts',
  },
  {
    name: 'players-meta-always-daily',
    rules: ['S2.PLAYER.RESPONSE', 'S4.PLAYERS.GRANULARITY'],
    rule: '§2 Player sample response: meta.granularity; §4 parameter granularity',
    description: 'meta.granularity is daily even for granularity=raw',
    where: 'deviations/player-history.ts',
  },
  {
    name: 'raw-includes-next-midnight',
    rules: ['S4.PLAYERS.TO'],
    rule: '§4 GET /games/{gameId}/players, parameter to: inclusive UTC end (D25)',
    description:
      "A raw range ends at the next day's 00:00:00Z inclusive, so the sample stamped then is returned",
    where: 'deviations/player-history.ts',
  },
  {
    name: 'daily-stamped-at-noon',
    rules: ['S4.PLAYERS.GRANULARITY'],
    rule: '§4 GET /games/{gameId}/players, granularity daily (D24)',
    description: 'Daily samples are stamped at 12:00:00Z, the middle of their day',
    where: 'deviations/player-history.ts',
  },
  {
    name: 'players-web-only-404',
    rules: ['S4.PLAYERS.ARCHIVED-WEBONLY'],
    rule: '§4 GET /games/{gameId}/players: available for web-only games',
    description: "A web-only game's player history answers 404 game_not_found",
    where: 'deviations/player-history.ts',
  },

  // §4 GET /reviews, GET /reviews/{reviewId}.
  {
    name: 'reviews-oldest-first',
    rules: ['S4.REVIEWS.ORDER'],
    rule: '§4 GET /reviews: newest first',
    description: 'Reviews are listed oldest first',
    where: 'deviations/reviews.ts',
  },
  {
    name: 'archived-review-in-collection',
    rules: ['S4.REVIEWS.ARCHIVED'],
    rule: "§4 GET /reviews: archived games' reviews are excluded",
    description: "Archived games' reviews appear in /reviews",
    where: 'deviations/reviews.ts',
  },
  {
    name: 'archived-review-404-by-id',
    rules: ['S4.REVIEW.ARCHIVED'],
    rule: '§4 GET /reviews/{reviewId}: available even when the game is archived',
    description: 'A review of an archived game answers 404 by id',
    where: 'deviations/reviews.ts',
  },
  {
    name: 'review-game-filter-ignored',
    rules: ['S4.REVIEWS.GAMEID'],
    rule: '§4 GET /reviews, parameter game_id',
    description: 'game_id does not limit the reviews listed',
    where: 'deviations/reviews.ts',
  },
  {
    name: 'reviews-unknown-game-unfiltered',
    rules: ['S4.REVIEWS.GAMEID'],
    rule: '§4 GET /reviews: game_id "limits results to one active game" (D42)',
    description: 'A game_id no game has filters nothing: every review is listed',
    where: 'deviations/reviews.ts',
  },
  {
    name: 'missing-review-game-not-found',
    rules: ['S7.REVIEW404', 'S4.REVIEW.404'],
    rule: '§7: the 404 code for a review id that does not exist (D16)',
    description: 'An unknown review id answers 404 game_not_found',
    where: 'operations.ts',
  },

  // §4 GET /tags and the tag filters of GET /games.
  {
    name: 'tag-group-id-as-text',
    rules: ['S2.TAGGROUP'],
    rule: '§2 Tag group: id integer',
    description: 'Tag group ids are strings ("1"), as a bigint column reads',
    where: 'deviations/tags.ts',
  },
  {
    name: 'duplicate-tag-group-id',
    rules: ['S2.TAGGROUP', 'S4.TAGS'],
    rule: '§2 Tag group: id; §4 GET /tags',
    description: "The last group (Player killing) repeats the first group's id",
    where: 'deviations/tags.ts',
  },
  {
    name: 'duplicate-tag-id',
    rules: ['S2.TAGREF', 'S4.TAGS'],
    rule: '§2 TagReference: id; §4 GET /games rule 1',
    description: 'A join lists the first tag of every group twice',
    where: 'deviations/tags.ts',
  },
  {
    name: 'tag-missing-from-taxonomy',
    rules: ['S4.GAMES.RULE1', 'S4.TAGS'],
    rule: '§4 GET /games rule 1: current ids come from GET /tags',
    description: 'GET /tags drops the last tag of every group (an off-by-one slice)',
    where: 'deviations/tags.ts',
  },
  {
    name: 'tag-names-title-cased',
    rules: ['S2.TAGREF'],
    rule: '§2 TagReference: one tag, one name',
    description: 'GET /tags title-cases tag names (Roleplay Enforced) while games carry them as stored',
    where: 'deviations/tags.ts',
  },
  {
    name: 'player-killing-group-missing',
    rules: ['S4.GAMES.RULE1', 'S4.GAMES.TAG.PLAYER_KILLING'],
    rule: '§4 GET /games rule 1: every tag filter takes ids from GET /tags (D3)',
    description: 'GET /tags leaves out the Player killing group',
    where: 'deviations/tags.ts',
  },
  {
    name: 'untagged-games-pass-tag-filter',
    rules: ['S4.GAMES.RULE2', ...CATEGORY_KEYS.map((key) => `S4.GAMES.TAG.${key.toUpperCase()}`)],
    rule: '§4 GET /games, tag parameters; rule 2',
    description: "A game with no tag in a category passes that category's tag filter",
    where: 'deviations/games.ts',
  },

  // §4 statistics endpoints.
  {
    name: 'stats-zero-for-missing',
    rules: ['S4.STATS.1'],
    rule: '§4 Statistics endpoints, 1: missing values are null, not zero (D10)',
    description: 'A bucket without observations has average, min and max 0 instead of null',
    where: 'deviations/statistics.ts',
  },
  {
    name: 'activity-null-threshold-2',
    rules: ['S4.STATS.2', 'S8.ACTIVITYNULL'],
    rule: '§4 Statistics endpoints, 2; §8 activity cell average (D13)',
    description: 'A cell average is null only under two observations (two are enough)',
    where: 'deviations/activity-pattern.ts',
  },
  {
    name: 'activity-pattern-91-days-accepted',
    rules: ['S8.ACTIVITY90', 'S4.STATS.3-422'],
    rule: '§4 Statistics endpoints, 2; §8 activity pattern range at most 90 days',
    description: 'A 91-day activity-pattern range is accepted',
    where: 'deviations/activity-pattern.ts',
  },
  {
    name: 'invalid-timezone-accepted',
    rules: ['S4.STATS.3-422', 'S7.CODE.invalid_statistics_query'],
    rule: '§4 Statistics endpoints, 3: invalid timezone is 422 invalid_statistics_query (D53)',
    description: 'An unknown time zone (Mars/Olympus) falls back to UTC',
    where: 'deviations/activity-pattern.ts',
  },
  {
    name: 'stats-average-as-text',
    rules: ['S4.STATS.1'],
    rule: '§4 Statistics endpoints, 1: each point holds an average (D7: a number or null)',
    description: 'A point\'s average is a two-decimal string ("12.50", from toFixed) instead of a number',
    where: 'deviations/statistics.ts',
  },
  {
    name: 'stats-min-max-swapped',
    rules: ['S4.STATS.1'],
    rule: '§4 Statistics endpoints, 1: an average, a minimum and a maximum',
    description: "A point's min and max are swapped (min is the largest observation)",
    where: 'deviations/statistics.ts',
  },
  {
    name: 'activity-hours-one-based',
    rules: ['S4.STATS.2'],
    rule: '§4 Statistics endpoints, 2: 168 weekday/hour cells (D12: hours 0–23)',
    description: 'Activity-pattern cells number their hours 1–24 instead of 0–23',
    where: 'deviations/activity-pattern.ts',
  },

  // §5 authentication.
  {
    name: 'revoked-key-accepted',
    rules: ['S5.3-INVALID', 'S7.CODE.invalid_api_key'],
    rule: '§5.3: revoked key → 401 invalid_api_key',
    description: 'A revoked key is accepted',
    where: 'middleware/authenticate.ts',
  },
  {
    name: 'missing-auth-invalid-key-code',
    rules: ['S5.3-MISSING', 'S7.CODE.authentication_required'],
    rule: '§5.3: no Authorization header → 401 authentication_required',
    description: 'A request without Authorization answers 401 invalid_api_key',
    where: 'middleware/authenticate.ts',
  },
  {
    name: 'no-www-authenticate',
    rules: ['S5.4', 'S7.H.WWWAUTH'],
    rule: '§5.4: a 401 carries WWW-Authenticate',
    description: 'A 401 has no WWW-Authenticate header',
    where: 'middleware/authenticate.ts',
  },
  {
    name: 'method-before-auth',
    rules: ['S5.1'],
    rule: '§5.1 every endpoint requires a key (D28)',
    description: 'An unauthenticated non-GET request answers 405 before 401',
    where: 'app.ts',
  },
  {
    name: 'route-404-before-auth',
    rules: ['S5.1', 'S1.3-KEY'],
    rule: '§5.1 every endpoint requires a key (D29)',
    description: 'An unauthenticated request to an unknown path answers 404 before 401',
    where: 'app.ts',
  },

  // §4 methods and paths, §1 protocol, §7 errors.
  {
    name: 'head-answered-200',
    rules: ['S4.405', 'S1.1'],
    rule: '§4: any method other than GET returns 405 (D27)',
    description: 'HEAD is answered like GET, 200 without a body',
    where: 'middleware/method-check.ts',
  },
  {
    name: 'undefined-param-refused',
    rules: ['S4.LISTED-ERRORS'],
    rule: '§4: GET /tags, a game, its MSSP snapshot and a review list no 400 or 422 (D64: an undefined parameter is ignored)',
    description:
      'A strict query validator: GET /tags, /games/{id}, /games/{id}/mssp and /reviews/{id} with any query parameter answer 422 invalid_filter',
    where: 'routes.ts',
  },
  {
    name: 'options-answered-204',
    rules: ['S4.405', 'S1.1'],
    rule: '§4: any method other than GET returns 405 (D27)',
    description: 'OPTIONS gets a framework-style 204 with Allow: GET, HEAD',
    where: 'middleware/method-check.ts',
  },
  {
    name: 'post-404-instead-of-405',
    rules: ['S4.405', 'S7.CODE.method_not_allowed'],
    rule: '§4: any method other than GET returns 405 method_not_allowed',
    description: 'A non-GET request answers 404 route_not_found',
    where: 'middleware/method-check.ts',
  },
  {
    name: 'cors-enabled',
    rules: ['S1.3-CORS', 'S5.5'],
    rule: '§1.3, §5.5: cross-origin browser access is not enabled',
    description: 'Every response carries Access-Control-Allow-Origin: *',
    where: 'app.ts',
  },
  {
    name: 'json-php-404',
    rules: ['S1.6', 'S9.3'],
    rule: '§1.6, §9.3: /json.php returns 410 Gone',
    description: '/json.php answers 404 route_not_found (at the origin root and under the base)',
    where: 'operations.ts',
  },
  {
    name: 'errors-as-html',
    rules: ['S1.1', 'S4.404', 'S7.CODE.route_not_found'],
    rule: '§1.1: every response body is JSON; §4 unknown path → 404 route_not_found',
    description: "An unknown path gets the framework's text/html 404 page",
    where: 'app.ts',
  },
  {
    name: 'error-without-request-id',
    rules: ['S7.BODY', 'S2.ERROR'],
    rule: '§7: error body {error, request_id}',
    description: 'Error bodies lack request_id',
    where: 'respond.ts',
  },

  // §7 response headers, §8 limits.
  {
    name: 'remaining-not-falling',
    rules: ['S7.H.REMAINING'],
    rule: '§7 X-RateLimit-Remaining',
    description: 'X-RateLimit-Remaining stays at the limit',
    where: 'middleware/rate-limit.ts',
  },
  {
    name: 'limit-header-is-day-limit',
    rules: ['S7.H.LIMIT'],
    rule: '§7 X-RateLimit-Limit: the per-minute limit',
    description: 'X-RateLimit-Limit reports the per-day limit',
    where: 'middleware/rate-limit.ts',
  },
  {
    name: 'error-limit-header-default',
    rules: ['S7.H.LIMIT'],
    rule: "§7 X-RateLimit-Limit: the key's per-minute limit",
    description: "Error responses report the default per-minute limit (60), not the key's",
    where: 'respond.ts',
  },
  {
    name: 'no-retry-after-on-429',
    rules: ['S7.H.RETRYAFTER', 'S7.CODE.rate_limit_exceeded'],
    rule: '§7: 429 has Retry-After',
    description: 'A 429 has no Retry-After header',
    where: 'middleware/rate-limit.ts',
  },
  {
    name: 'rate-limit-headers-missing-on-404',
    rules: ['S7.H.WHEN'],
    rule: '§7: rate-limit headers appear on 404',
    description: 'A 404 route_not_found lacks the X-RateLimit-* headers',
    where: 'app.ts',
  },
  {
    name: 'request-id-mismatch',
    rules: ['S7.H.REQUESTID', 'S7.BODY'],
    rule: '§7 X-Request-ID; error body request_id (D38)',
    description: "X-Request-ID differs from the body's request_id",
    where: 'middleware/rate-limit.ts',
  },
  {
    name: 'request-id-generated-once',
    rules: ['S7.H.REQUESTID'],
    rule: '§7 X-Request-ID identifies a request (D38: a fresh id per request)',
    description: 'One request id, generated at start-up, is given to every request',
    where: 'middleware/request-id.ts',
  },
  {
    name: 'minute-limit-off-by-one',
    rules: ['S8.PERMINUTE', 'S8.429'],
    rule: '§8: requests per minute per key',
    description: 'The minute budget admits limit + 1 requests',
    where: 'rate-limiter.ts',
  },
  {
    name: 'rate-limit-count-not-atomic',
    rules: ['S8.PERMINUTE', 'S8.429'],
    rule: '§8: requests per minute per key',
    description:
      "The limiter reads a key's counts, waits a store's round trip, then writes what it read plus one (a GET, then a SET; no INCR): requests that arrive together are counted once between them",
    where: 'middleware/rate-limit.ts',
  },
  {
    name: 'reset-as-delta-seconds',
    rules: ['S7.H.RESET'],
    rule: '§7 X-RateLimit-Reset: the Unix time the binding limit resets (D32)',
    description: 'X-RateLimit-Reset counts the seconds until the reset instead of giving its Unix time',
    where: 'middleware/rate-limit.ts',
  },
  {
    name: 'day-limit-retry-after-minute',
    rules: ['S8.PERDAY', 'S7.H.RETRYAFTER'],
    rule: '§8: exceeding the UTC-day limit yields 429; §7 Retry-After',
    description: 'Once the day budget is spent, Retry-After counts to the next minute, not to 00:00:00Z',
    where: 'rate-limiter.ts',
  },
  // Classes a careful reader catches (server errors, sort directions, keys outside the header).
  {
    name: 'raw-history-500',
    rules: ['S7.STATUSES'],
    rule: '§4 GET /games/{gameId}/players (granularity raw is valid); §7 internal_error',
    description: 'A valid raw player-history request crashes: 500 internal_error',
    where: 'operations.ts',
  },
  {
    name: 'sort-most-reviewed-ascending',
    rules: ['S4.GAMES.SORT'],
    rule: '§4 GET /games, parameter sort (most_reviewed: most reviews first)',
    description: 'sort=most_reviewed lists the games with the fewest reviews first',
    where: 'deviations/games.ts',
  },
  {
    name: 'sort-oldest-is-newest',
    rules: ['S4.GAMES.SORT'],
    rule: '§4 GET /games, parameter sort (oldest is the reverse of newest)',
    description: 'sort=oldest answers the newest order',
    where: 'deviations/games.ts',
  },
  {
    name: 'api-key-query-param-accepted',
    rules: ['S5.1', 'S5.3-MISSING'],
    rule: '§5 rules 1 and 3 (the key only in Authorization: Bearer); OWASP API2',
    description: 'A request without Authorization is authenticated by ?api_key=<key>',
    where: 'middleware/authenticate.ts',
  },
  {
    name: 'activity-pattern-167-cells',
    rules: ['S4.STATS.2'],
    rule: '§4 statistics endpoints, rule 2 (168 weekday/hour cells)',
    description: 'The activity pattern leaves out its last cell (Sunday 23:00)',
    where: 'deviations/activity-pattern.ts',
  },
  {
    name: 'stats-point-cap-ignored',
    rules: ['S8.STATS1000'],
    rule: '§4 statistics endpoints, rule 1; §8 statistics points (at most 1,000)',
    description: 'A range of more than 1,000 buckets is answered with every bucket',
    where: 'deviations/statistics.ts',
  },
  {
    name: 'stats-raw-day-refused',
    rules: ['S8.STATSRAW24'],
    rule: '§4 statistics endpoints, rule 1 ("raw (up to 24 hours)"); §8 statistics raw span',
    description:
      'The raw span is checked as shorter than 24 hours: a raw range of one UTC day (from = to, 24 hours) is refused with 422',
    where: 'deviations/statistics.ts',
  },
  {
    name: 'stats-raw-one-per-hour',
    rules: ['S4.STATS.1'],
    rule: '§4 statistics endpoints, rule 1 (resolutions "raw" and "hourly": one series, each point its bucket\'s observations)',
    description:
      "Raw samples are grouped by their hour and each hour's first kept: the raw answer holds one sample an hour where the hourly points count two",
    where: 'deviations/statistics.ts',
  },
  {
    name: 'stats-weekly-no-points',
    rules: ['S4.STATS.1'],
    rule: '§4 statistics endpoints, rule 1 (resolution "weekly": the weeks of the range, each with its observations)',
    description: 'The weekly resolution answers 200 with no points, whatever the range holds',
    where: 'deviations/statistics.ts',
  },
  {
    name: 'stats-hourly-cap-extra-day',
    rules: ['S8.STATS1000'],
    rule: '§4 statistics endpoints, rule 1; §8 statistics points (at most 1,000)',
    description:
      "Hourly points are counted with one day too many (the range's days + 1, × 24): 41 days (984 hours) is refused as more than 1,000 points",
    where: 'deviations/statistics.ts',
  },
  {
    name: 'remaining-minute-only',
    rules: ['S7.H.REMAINING'],
    rule: "§7 X-RateLimit-Remaining: the smaller of the minute's and the UTC day's remaining",
    description: "X-RateLimit-Remaining reports the minute's remaining even when the day's is smaller",
    where: 'middleware/rate-limit.ts',
  },
  {
    name: 'players-to-exclusive',
    rules: ['S4.PLAYERS.TO'],
    rule: '§4 GET /games/{gameId}/players, to ("Inclusive UTC end")',
    description: 'The history stops before its `to` day, as a half-open range would',
    where: 'deviations/player-history.ts',
  },
  {
    name: 'unlisted-without-discord',
    rules: ['S3.ACTIVE', 'S4.GAMES.ARCHIVED'],
    rule: '§3 states table (an active listing appears in collections); §4 GET /games',
    description: 'Active games without a Discord link are left out of /games, data and total alike',
    where: 'deviations/games.ts',
  },
  // Rules docs/rules.md listed as broken by no fault (issue 11, item 2).
  {
    name: 'mssp-unknown-game-200',
    rules: ['S4.MSSP.404'],
    rule: '§4 GET /games/{gameId}/mssp: 404 for an unknown game',
    description: 'An unknown game id answers 200 with data null and status mssp_not_available',
    where: 'operations.ts',
  },
  {
    name: 'players-unknown-game-empty',
    rules: ['S4.PLAYERS.404'],
    rule: '§4 GET /games/{gameId}/players: 404 for an unknown game',
    description: 'An unknown game id answers 200 with an empty player history',
    where: 'operations.ts',
  },
  {
    name: 'self-link-to-collection',
    rules: ['S2.URLS.SELF'],
    rule: '§2 urls table: self is the URI of this game in the API',
    description: "A game's urls.self points at the /games collection instead of the game",
    where: 'deviations/representation.ts',
  },
  {
    name: 'method-not-allowed-without-allow',
    rules: ['S7.H.ALLOW'],
    rule: '§4 and §7: a 405 carries Allow: GET',
    description: 'A 405 method_not_allowed answer has no Allow header',
    where: 'middleware/method-check.ts',
  },
  {
    name: 'statistics-without-key',
    rules: ['S4.STATS.KEY'],
    rule: '§4 statistics endpoints: both require the Bearer key',
    description: 'The statistics and activity-pattern endpoints answer requests without Authorization',
    where: 'middleware/authenticate.ts',
  },
  {
    name: 'watcher-count-as-text',
    rules: ['S2.GD.WATCHERS'],
    rule: '§2 Game detail: watcher_count integer ≥ 0',
    description: 'watcher_count is sent as a decimal string ("12")',
    where: 'deviations/representation.ts',
  },
  {
    name: 'review-detail-without-body',
    rules: ['S2.RD.BODY', 'S4.REVIEW.OK'],
    rule: '§2 Review detail: body string; §4 GET /reviews/{reviewId}',
    description: 'GET /reviews/{reviewId} answers the review summary, without body',
    where: 'operations.ts',
  },
  {
    name: 'activity-zero-for-empty-cell',
    rules: ['S4.STATS.2', 'S8.ACTIVITYNULL'],
    rule: '§4 Statistics endpoints, 2: a cell with fewer than three observations has a null average',
    description: 'An activity cell without observations has average 0 instead of null',
    where: 'deviations/activity-pattern.ts',
  },
  ...FIELD_FAULTS,
] as const satisfies readonly Fault[];

export type FaultName = (typeof FAULTS)[number]['name'];

/**
 * The blind fault sets (blind-faults/): faults written without looking at the suite, to
 * measure what it catches unseen. Switched on like the faults above, but kept out of FAULTS,
 * whose entries must each have a killing check.
 */
export const BLIND_FAULTS = [
  ...BLIND_FAULTS_1,
  ...BLIND_FAULTS_2,
  ...BLIND_FAULTS_3,
  ...BLIND_FAULTS_4,
  ...BLIND_FAULTS_5,
  ...BLIND_FAULTS_6,
  ...BLIND_FAULTS_7,
  ...BLIND_FAULTS_8,
  ...BLIND_FAULTS_9,
  ...BLIND_FAULTS_10,
  ...BLIND_FAULTS_11,
  ...BLIND_FAULTS_12,
  ...BLIND_FAULTS_13,
  ...BLIND_FAULTS_14,
  ...BLIND_FAULTS_15,
  ...BLIND_FAULTS_16,
  ...BLIND_FAULTS_17,
  ...BLIND_FAULTS_18,
  ...BLIND_FAULTS_19,
  ...BLIND_FAULTS_20,
  ...BLIND_FAULTS_21,
  ...BLIND_FAULTS_22,
  ...BLIND_FAULTS_23,
  ...BLIND_FAULTS_24,
  ...BLIND_FAULTS_25,
  ...BLIND_FAULTS_26,
  ...BLIND_FAULTS_27,
  ...BLIND_FAULTS_28,
  ...BLIND_FAULTS_29,
  ...BLIND_FAULTS_30,
  ...BLIND_FAULTS_31,
  ...BLIND_FAULTS_32,
  ...BLIND_FAULTS_33,
  ...BLIND_FAULTS_34,
  ...BLIND_FAULTS_35,
  ...BLIND_FAULTS_36,
  ...BLIND_FAULTS_37,
  ...BLIND_FAULTS_38,
];
export type BlindFaultName =
  | BlindFault1Name
  | BlindFault2Name
  | BlindFault3Name
  | BlindFault4Name
  | BlindFault5Name
  | BlindFault6Name
  | BlindFault7Name
  | BlindFault8Name
  | BlindFault9Name
  | BlindFault10Name
  | BlindFault11Name
  | BlindFault12Name
  | BlindFault13Name
  | BlindFault14Name
  | BlindFault15Name
  | BlindFault16Name
  | BlindFault17Name
  | BlindFault18Name
  | BlindFault19Name
  | BlindFault20Name
  | BlindFault21Name
  | BlindFault22Name
  | BlindFault23Name
  | BlindFault24Name
  | BlindFault25Name
  | BlindFault26Name
  | BlindFault27Name
  | BlindFault28Name
  | BlindFault29Name
  | BlindFault30Name
  | BlindFault31Name
  | BlindFault32Name
  | BlindFault33Name
  | BlindFault34Name
  | BlindFault35Name
  | BlindFault36Name
  | BlindFault37Name
  | BlindFault38Name;

/** A name of either catalogue: what a server may be started with. */
export type AnyFaultName = FaultName | BlindFaultName;

/** The faults a server runs with; typed, so `faults.has('typo')` does not compile. */
export type FaultSet = ReadonlySet<AnyFaultName>;

export const NO_FAULTS: FaultSet = new Set<AnyFaultName>();

/**
 * Names read against the catalogue (FAULTS and the blind sets); an unknown name is an
 * error, never silently ignored (catalogue.ts).
 */
export const {
  isName: isFaultName,
  toSet: toFaultSet,
  parse: parseFaults,
}: CatalogueNames<AnyFaultName> = catalogueNames<AnyFaultName>([...FAULTS, ...BLIND_FAULTS], 'fault');
