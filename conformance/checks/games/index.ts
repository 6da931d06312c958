/** Checks of the `games` area, in the order they run. */
import type { CheckDefinition } from '../../src/core/check.ts';
import { archivedExcluded } from './archived-excluded.ts';
import { archivedGameNeverListed } from './archived-game-never-listed.ts';
import { badPaging } from './bad-paging.ts';
import { badPagingRejected } from './bad-paging-rejected.ts';
import { unlistedAreArchived } from './unlisted-are-archived.ts';
import { sortDirection } from './sort-direction.ts';
import { filterPrefixOfSort } from './filter-prefix-of-sort.ts';
import { beyondLastPage } from './beyond-last-page.ts';
import { beyondLastPageLinks } from './beyond-last-page-links.ts';
import { listingUrlInSummary } from './listing-url-in-summary.ts';
import { reviewFiguresConsistent } from './review-figures-consistent.ts';
import { webOnlyInSummary } from './web-only-in-summary.ts';
import { connectionTypePartition } from './connection-type-partition.ts';
import { envelopeSchema } from './envelope-schema.ts';
import { filterConnectionType } from './filter-connection-type.ts';
import { filterHasReviews } from './filter-has-reviews.ts';
import { filterNarrows } from './filter-narrows.ts';
import { filterOnlineRecently } from './filter-online-recently.ts';
import { filterRecentlyUpdated } from './filter-recently-updated.ts';
import { filterTags } from './filter-tags.ts';
import { filtersCombineAnd } from './filters-combine-and.ts';
import { filtersKeepMatchingGame } from './filters-keep-matching-game.ts';
import { invalidCombinations } from './invalid-combinations.ts';
import { invalidFilterValues } from './invalid-filter-values.ts';
import { linksPreserveQuery } from './links-preserve-query.ts';
import { nextPreviousPresence } from './next-previous-presence.ts';
import { pageSlice } from './page-slice.ts';
import { perPageDefault } from './per-page-default.ts';
import { qFindsSource } from './q-finds-source.ts';
import { qTerms } from './q-terms.ts';
import { qWhitespace } from './q-whitespace.ts';
import { sortDefault } from './sort-default.ts';
import { sortOrder } from './sort-order.ts';
import { rankPositions } from './rank-positions.ts';
import { sortSameSet } from './sort-same-set.ts';
import { sortUnknownFallback } from './sort-unknown-fallback.ts';
import { tagAndAcross } from './tag-and-across.ts';
import { tagOrWithin } from './tag-or-within.ts';
import { tagParamForms } from './tag-param-forms.ts';
import { unknownTagId } from './unknown-tag-id.ts';
import { walkComplete } from './walk-complete.ts';
import { modelOrder } from './model-order.ts';
import { modelResults } from './model-results.ts';
import { filterTotals } from './filter-totals.ts';
import { sortOpposites } from './sort-opposites.ts';
import { msspNeedsConnect } from './mssp-needs-connect.ts';

export const checks: CheckDefinition[] = [
  // Envelope and pagination
  envelopeSchema,
  pageSlice,
  perPageDefault,
  linksPreserveQuery,
  nextPreviousPresence,
  beyondLastPageLinks,
  listingUrlInSummary,
  webOnlyInSummary,
  reviewFiguresConsistent,
  beyondLastPage,
  walkComplete,
  // Archived listings
  archivedExcluded,
  archivedGameNeverListed,
  unlistedAreArchived,
  // Filters on returned games
  filterConnectionType,
  filterHasReviews,
  filterRecentlyUpdated,
  filterOnlineRecently,
  filterTags,
  qTerms,
  qFindsSource,
  qWhitespace,
  filtersCombineAnd,
  filtersKeepMatchingGame,
  // Metamorphic relations
  filterNarrows,
  connectionTypePartition,
  tagParamForms,
  tagOrWithin,
  tagAndAcross,
  unknownTagId,
  // Sorts
  sortDefault,
  sortUnknownFallback,
  sortSameSet,
  sortOpposites,
  sortDirection,
  filterPrefixOfSort,
  sortOrder,
  rankPositions,
  // Invalid queries
  invalidCombinations,
  invalidFilterValues,
  badPaging,
  badPagingRejected,
  // Filters' totals against discovery's complete walk (the run's pages so far, at no request)
  filterTotals,
  // Model-based (deferred: after every other check's minimal verdict)
  modelResults,
  modelOrder,
  msspNeedsConnect,
];
