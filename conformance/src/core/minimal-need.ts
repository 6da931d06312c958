/**
 * What the minimal pass of a selection costs, before the run: the requests discovery and each
 * check's minimal verdict took when measured on the reference server (minimal-costs.json,
 * rewritten by `UPDATE_EXPECTATIONS=1 npx vitest run conformance/test/reference-run.test.ts`),
 * so the budget line can say whether a budget suffices for a verdict on every check. The checks
 * that act on the user's hints (an archived game and review, the statistics-state games) skip
 * without them and send requests with them: their cost with every hint given is measured apart
 * (`withHints`, the checks whose figure differs) and counted when the run has such a hint. A
 * deployment with more data or other choices may need a few more; the deferred checks (the
 * model-based ones, which crawl the directory) are counted apart: they run when the budget
 * allows.
 */
import costs from './minimal-costs.json' with { type: 'json' };
import type { CheckDefinition } from './check.ts';

/** A check added since the table was measured: assumed to cost what most checks cost. */
const UNMEASURED_COST = 2;

export interface MinimalCosts {
  /** Requests of discovery (preflight included) in the measured run. */
  discovery: number;
  /** Requests of each check's minimal pass in the measured run. */
  checks: Record<string, number>;
  /**
   * The same in a run given every hint of HINTS_MEASURED (the reference's archived game and
   * review, its statistics-pending and -unavailable games), for the checks whose figure differs.
   */
  withHints?: Record<string, number>;
}

/** The hints the `withHints` figures were measured with: a run given any of them counts those figures. */
export const HINTS_MEASURED = [
  'archivedGameId',
  'archivedReviewId',
  'statisticsPendingGameId',
  'statisticsUnavailableGameId',
] as const;

export interface MinimalNeed {
  /** Discovery, the non-deferred checks and the exhausting checks' reserve. */
  requests: number;
  /** The same for the must checks alone (they run first): what a passing gate needs. */
  mustRequests: number;
  discovery: number;
  /** The minimal passes of the selected checks, deferred and exhausting ones aside. */
  checks: number;
  /** Requests kept for the checks that exhaust a key. */
  reserve: number;
  /**
   * What those checks spent of it when measured on the reference server (at most `reserve`):
   * the rest goes back to the checks the request cap stopped (the late pass).
   */
  reserveSpent: number;
  /** The deferred checks' minimal passes (run when the budget allows). */
  deferred: number;
  /** Selected checks the table has no figure for (each assumed UNMEASURED_COST). */
  unmeasured: string[];
  /** Whether the figures with hints were counted (the run was given one of HINTS_MEASURED). */
  hinted: boolean;
}

/** A check's measured minimal cost: its figure with every hint when the run is hinted; undefined if unmeasured. */
function measuredCost(id: string, table: MinimalCosts, hinted: boolean): number | undefined {
  return (hinted ? table.withHints?.[id] : undefined) ?? table.checks[id];
}

/** A check's minimal cost as the budget line counts it (UNMEASURED_COST when not measured). */
export function minimalCostOf(
  check: Pick<CheckDefinition, 'id'>,
  { table = costs as MinimalCosts, hinted = false }: { table?: MinimalCosts; hinted?: boolean } = {},
): number {
  return measuredCost(check.id, table, hinted) ?? UNMEASURED_COST;
}

/**
 * How far the must checks' measured need may be off for one run: the table sums each check's
 * minimal pass as measured alone in one reference run, and a run under a tight budget shares other
 * answers through its cache (on 2026-12-02 the table said 201 for the must checks of the full
 * selection; runs of the reference gave each a verdict at 197 requests, not at 194). A budget that
 * short is called an edge, not a shortfall.
 */
export function mustNeedTolerance(need: Pick<MinimalNeed, 'mustRequests'>): number {
  return Math.max(2, Math.ceil(need.mustRequests * 0.02));
}

export function minimalNeed(
  selected: readonly CheckDefinition[],
  reserve: number,
  { table = costs as MinimalCosts, hinted = false }: { table?: MinimalCosts; hinted?: boolean } = {},
): MinimalNeed {
  const need: MinimalNeed = {
    requests: 0,
    mustRequests: 0,
    discovery: table.discovery,
    checks: 0,
    reserve,
    reserveSpent: 0,
    deferred: 0,
    unmeasured: [],
    hinted,
  };
  let must = 0;
  let exhausting = 0;
  for (const check of selected) {
    const measured = measuredCost(check.id, table, hinted);
    if (check.exhausting) {
      // Unmeasured, it is assumed to spend the whole reserve.
      exhausting += measured ?? reserve;
      continue;
    }
    if (measured === undefined) need.unmeasured.push(check.id);
    const cost = measured ?? UNMEASURED_COST;
    if (check.deferred) need.deferred += cost;
    else {
      need.checks += cost;
      if (check.level === 'must') must += cost;
    }
  }
  need.reserveSpent = Math.min(reserve, exhausting);
  need.requests = need.discovery + need.checks + need.reserve;
  need.mustRequests = need.discovery + must + need.reserve;
  return need;
}
