/**
 * The legitimate-variant catalogue: named alternative choices on points the API
 * description leaves open (spec/DECISIONS.md), each one another implementer could
 * reasonably make. The reference server can be started with them
 * (`createApp({ variants })`, `--variants a,b`). They exist only to prove that the
 * conformance suite is tolerant where DECISIONS says it is: run the suite against a
 * server with one variant on and no `must` check may fail (profile checks aimed at the
 * open point may, until a profile file states the variant's choice). Off by default;
 * with no variant on, nothing here changes any behaviour.
 *
 * Unlike a fault, a variant is a conforming server: each is consulted once, by
 * `variants.has(name)`, at the place where the other choice would naturally be made.
 */
import { catalogueNames, type CatalogueNames } from './catalogue.ts';
import { BLIND_VARIANTS_1, type BlindVariant1Name } from './blind-variants/set-1.ts';
import { BLIND_VARIANTS_2, type BlindVariant2Name } from './blind-variants/set-2.ts';
import { BLIND_VARIANTS_3, type BlindVariant3Name } from './blind-variants/set-3.ts';
import { BLIND_VARIANTS_4, type BlindVariant4Name } from './blind-variants/set-4.ts';
import { BLIND_VARIANTS_5, type BlindVariant5Name } from './blind-variants/set-5.ts';

export interface Variant {
  /** Stable kebab-case id, used on the CLI and in the suite's variant tests. */
  name: string;
  /** Ids of conformance/src/rules.ts it decides differently: the join key to checks, faults and variants (docs/rules.md). */
  rules: readonly string[];
  /** The DECISIONS row whose open point it chooses differently. */
  decision: `D${number}`;
  /** What the server does instead of the reference choice, in one declarative sentence. */
  description: string;
}

export const VARIANTS = [
  {
    name: 'listing-url-key-listing',
    rules: ['S2.URLS.LISTING'],
    decision: 'D1',
    description: "A game's listing-page URL sits under urls.listing instead of urls.mudverse",
  },
  {
    name: 'web-only-keeps-last-crawled',
    rules: ['S2.ST.LASTCRAWLED', 'S2.RULE2'],
    decision: 'D5',
    description:
      "A web-only game's status.last_crawled is when its MSSP snapshot was collected, not null (the crawler visits it for MSSP)",
  },
  {
    name: 'missing-review-route-not-found',
    rules: ['S7.REVIEW404', 'S4.REVIEW.404'],
    decision: 'D16',
    description: 'A review id that does not exist answers 404 route_not_found',
  },
  {
    name: 'games-bad-paging-clamped',
    rules: ['S4.GAMES.RULE3-INVALID', 'S8.PERPAGE', 'S8.PAGE'],
    decision: 'D18',
    description:
      '/games clamps bad paging instead of refusing it: page < 1 or malformed → 1, per_page < 1 → 1, > 50 → 50, malformed → 20',
  },
  {
    name: 'reviews-bad-paging-422',
    rules: ['S4.REVIEWS.PAGE', 'S4.REVIEWS.PERPAGE'],
    decision: 'D19',
    description: '/reviews refuses out-of-range or malformed page and per_page with 422 invalid_filter',
  },
  {
    name: 'unknown-tag-id-422',
    rules: ['S4.GAMES.RULE1', 'S7.CODE.invalid_filter'],
    decision: 'D20',
    description: 'A tag id that is not in the taxonomy is refused with 422 invalid_filter',
  },
  {
    name: 'sort-ties-id-desc',
    rules: ['S4.GAMES.SORT'],
    decision: 'D22',
    description: 'Games with equal sort keys are ordered by id descending',
  },
  {
    name: 'daily-round-half-even',
    rules: ['S4.PLAYERS.GRANULARITY'],
    decision: 'D24',
    description: 'A daily player value rounds the mean half to even (12.5 → 12) instead of half up',
  },
  {
    name: 'legacy-json-under-base-only',
    rules: ['S1.6', 'S9.3'],
    decision: 'D30',
    description:
      '/json.php answers 410 only under /api/v1 (after authentication); at the origin root it is 404',
  },
  {
    name: 'refusals-counted',
    rules: ['S8.PERDAY', 'S8.429'],
    decision: 'D31',
    description: 'A refused (429) request is counted against the UTC-day budget',
  },
  {
    name: 'reset-tie-reports-day',
    rules: ['S7.H.RESET'],
    decision: 'D33',
    description:
      'When the minute and the day have the same remaining requests, X-RateLimit-Reset is the day reset',
  },
  {
    name: 'service-name-gamedir',
    rules: ['S5.4', 'S7.H.WWWAUTH'],
    decision: 'D35',
    description: 'The Bearer challenge names the service GameDir: realm="GameDir API"',
  },
  {
    name: 'request-id-on-401',
    rules: ['S7.H.REQUESTID', 'S7.H.WHEN'],
    decision: 'D36',
    description: 'A 401 carries X-Request-ID (equal to the body request_id)',
  },
  {
    name: 'no-rate-limit-headers-on-503',
    rules: ['S7.H.WHEN'],
    decision: 'D37',
    description: 'A statistics 503 carries no X-RateLimit-* headers',
  },
  {
    name: 'bearer-scheme-case-sensitive',
    rules: ['S5.1', 'S5.3-INVALID'],
    decision: 'D51',
    description: 'Only the exact scheme spelling Bearer is accepted; bearer KEY is 401 invalid_api_key',
  },
  {
    name: 'timezone-aliases-refused',
    rules: ['S4.STATS.2', 'S4.STATS.3-422'],
    decision: 'D53',
    description:
      "Only the runtime's canonical zone ids (Intl.supportedValuesOf, exact case) and UTC are accepted; aliases such as Asia/Kolkata are 422",
  },
  {
    name: 'repeated-params-first-wins',
    rules: ['S4.STATS.3-422', 'S4.PLAYERS.422'],
    decision: 'D54',
    description:
      'On player history, statistics and activity pattern a repeated parameter takes its first value instead of 422',
  },
  {
    name: 'repeated-tag-id-deduplicated',
    rules: ['S4.GAMES.RULE1', 'S4.GAMES.RULE3-INVALID'],
    decision: 'D57',
    description: 'A tag id repeated within one parameter counts once instead of 422',
  },
  {
    name: 'connection-type-case-insensitive',
    rules: ['S4.GAMES.CONNTYPE'],
    decision: 'D60',
    description: 'connection_type is matched ignoring letter case (WEB_ONLY = web_only)',
  },
  {
    name: 'games-beyond-last-page-422',
    rules: ['S4.GAMES.PAGE', 'S1.5-NEXTPREV'],
    decision: 'D39',
    description:
      '/games answers a page past the last page + 1 with 422 invalid_filter instead of 200 with no games',
  },
  {
    name: 'average-rating-whole-stars',
    rules: ['S2.GS.REVIEWS'],
    decision: 'D41',
    description:
      "A game's reviews.average_rating is the mean of its ratings rounded to whole stars (4.67 → 5), not to 2 decimals",
  },
  {
    name: 'stats-buckets-keyed-by-end',
    rules: ['S4.STATS.1'],
    decision: 'D7',
    description:
      "A statistics point's date is its bucket's end (the next bucket's start), not its start; a raw point stays the sample's time",
  },
] as const satisfies readonly Variant[];

/** A variant of this catalogue (each with its DECISIONS row and its treatment by the suite's tests). */
export type CataloguedVariantName = (typeof VARIANTS)[number]['name'];

/**
 * The blind variant sets (blind-variants/): legitimate servers written without the suite, switched on
 * by name like the catalogued ones; scripts/blind-variant-matrix.ts runs the suite against each.
 */
export const BLIND_VARIANTS = [
  ...BLIND_VARIANTS_1,
  ...BLIND_VARIANTS_2,
  ...BLIND_VARIANTS_3,
  ...BLIND_VARIANTS_4,
  ...BLIND_VARIANTS_5,
];
export type BlindVariantName =
  BlindVariant1Name | BlindVariant2Name | BlindVariant3Name | BlindVariant4Name | BlindVariant5Name;

export type VariantName = CataloguedVariantName | BlindVariantName;

/** The variants a server runs with; typed, so `variants.has('typo')` does not compile. */
export type VariantSet = ReadonlySet<VariantName>;

export const NO_VARIANTS: VariantSet = new Set<VariantName>();

/** Names read against the catalogue; an unknown name is an error, never silently ignored (catalogue.ts). */
export const {
  isName: isVariantName,
  toSet: toVariantSet,
  parse: parseVariants,
}: CatalogueNames<VariantName> = catalogueNames<VariantName>([...VARIANTS, ...BLIND_VARIANTS], 'variant');
