/** Checks of the `reviews` area, in the order they run. */
import type { CheckDefinition } from '../../src/core/check.ts';
import { archivedById } from './archived-by-id.ts';
import { archivedExcluded } from './archived-excluded.ts';
import { archivedGameFilterEmpty } from './archived-game-filter-empty.ts';
import { badPaging } from './bad-paging.ts';
import { collectionSchema } from './collection-schema.ts';
import { countsMatchGames } from './counts-match-games.ts';
import { detailMatchesSummary } from './detail-matches-summary.ts';
import { bodyMarkdown } from './body-markdown.ts';
import { detailSchema } from './detail-schema.ts';
import { editedAfterSubmitted } from './edited-after-submitted.ts';
import { gameFilter } from './game-filter.ts';
import { links } from './links.ts';
import { newestFirst } from './newest-first.ts';
import { notFound } from './not-found.ts';
import { notFoundCode } from './not-found-code.ts';
import { unknownGameFilter } from './unknown-game-filter.ts';
import { reviewsUnlistedAreArchived } from './unlisted-are-archived.ts';
import { urls } from './urls.ts';

export const checks: CheckDefinition[] = [
  collectionSchema,
  badPaging,
  newestFirst,
  links,
  editedAfterSubmitted,
  archivedExcluded,
  reviewsUnlistedAreArchived,
  archivedGameFilterEmpty,
  unknownGameFilter,
  gameFilter,
  countsMatchGames,
  detailSchema,
  bodyMarkdown,
  detailMatchesSummary,
  urls,
  archivedById,
  notFound,
  notFoundCode,
];
