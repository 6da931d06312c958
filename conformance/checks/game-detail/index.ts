/** Checks of the `game-detail` area, in the order they run. */
import type { CheckDefinition } from '../../src/core/check.ts';
import { activeState } from './active-state.ts';
import { archived } from './archived.ts';
import { categoryKeys } from './category-keys.ts';
import { linksLeadThere } from './links-lead-there.ts';
import { crawlNeverOlder } from './crawl-never-older.ts';
import { listingUrl } from './listing-url.ts';
import { malformedId } from './malformed-id.ts';
import { matchesSummary } from './matches-summary.ts';
import { notFound } from './not-found.ts';
import { schema } from './schema.ts';
import { selfLink } from './self-link.ts';
import { webOnly } from './web-only.ts';
import { webOnlySuppressed } from './web-only-suppressed.ts';

export const checks: CheckDefinition[] = [
  schema,
  matchesSummary,
  crawlNeverOlder,
  selfLink,
  linksLeadThere,
  activeState,
  archived,
  webOnly,
  webOnlySuppressed,
  notFound,
  malformedId,
  listingUrl,
  categoryKeys,
];
