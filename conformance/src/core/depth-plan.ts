/**
 * Spreading what is left of the request budget over the checks' properties once every check
 * has its minimal verdict: every check is deepened to the same share of its full depth
 * (the `--runs` cases per property, or fewer where a check asks for fewer), the largest share
 * whose estimated cost fits. Costs are learned from the minimal pass.
 */

export interface PropertyCost {
  /** Cases run so far. */
  done: number;
  /** Cases at full depth. */
  full: number;
  /** Cases given before any share of full depth (examples, a sweep's items): see PropertyStat.first. */
  first?: number;
  /** Requests per case, as measured. */
  perCase: number;
}

export interface CheckCost {
  id: string;
  /** Requests a re-run spends outside its properties (the fixed requests before and around them). */
  fixed: number;
  properties: PropertyCost[];
  /**
   * A profile check: a partial level of named cases goes to the must checks first (a rule's case
   * before a profile reading's, whatever each costs).
   */
  late?: boolean;
}

export interface DepthPlan {
  /** The share of full depth every deepened check is taken to (0..1). */
  share: number;
  /**
   * How many of every property's first cases (its examples, a sweep's items) are planned before
   * any share of full depth: all of them when they fit (`allFirst`), else the same largest number
   * of each property's first cases that fits — a sweep of 90 gaps does not starve one of 6 methods
   * — and one more case for the checks whose next case costs least, while they fit.
   */
  firstCases: number;
  /** Every property's first cases all fit (and the share of full depth comes on top). */
  allFirst: boolean;
  /** Per check id: the total cases each of its properties should reach. */
  targets: Map<string, number[]>;
  /** Estimated requests of the plan. */
  estimated: number;
}

function targetsAt(cost: CheckCost, share: number, firstCases: number): number[] {
  return cost.properties.map((p) =>
    Math.max(p.done, Math.min(p.full, p.first ?? 0, firstCases), Math.min(p.full, Math.ceil(share * p.full))),
  );
}

/**
 * Estimated requests to take one check's properties to `targets` cases (0 when nothing is to
 * add), and the dearest case among those added.
 */
function costTo(cost: CheckCost, targets: readonly number[]): { requests: number; dearest: number } {
  let added = 0;
  let dearest = 0;
  let anything = false;
  cost.properties.forEach((p, i) => {
    const extra = (targets[i] as number) - p.done;
    if (extra > 0) {
      anything = true;
      added += extra * p.perCase;
      dearest = Math.max(dearest, p.perCase);
    }
  });
  return { requests: anything ? cost.fixed + added : 0, dearest };
}

/** Estimated requests to take one check to `share` of its depth (0 when nothing is to add). */
export function deepeningCost(cost: CheckCost, share: number, firstCases = 0): number {
  return costTo(cost, targetsAt(cost, share, firstCases)).requests;
}

/**
 * The cases a rule names come before generated ones: every property's first cases (its
 * examples, a sweep's items) first — all of them when they fit, else the same largest number of
 * each property's first cases that fits, and one more for the checks it costs least while they
 * fit — and then the largest share (to 1/1000) of full depth whose estimated cost fits in
 * `available` requests.
 */
export function planDepth(costs: readonly CheckCost[], available: number): DepthPlan {
  const total = (share: number, firstCases: number) =>
    costs.reduce((sum, c) => sum + deepeningCost(c, share, firstCases), 0);
  const mostFirst = Math.max(
    0,
    ...costs.flatMap((c) => c.properties.map((p) => Math.min(p.full, p.first ?? 0))),
  );
  let firstCases = 0;
  while (firstCases < mostFirst && total(0, firstCases + 1) <= available) firstCases += 1;
  const allFirst = firstCases >= mostFirst;
  let share = 0;
  if (allFirst) {
    let low = 0;
    let high = 1;
    if (total(1, firstCases) <= available) low = 1;
    else {
      for (let i = 0; i < 30; i += 1) {
        const mid = (low + high) / 2;
        if (total(mid, firstCases) <= available) low = mid;
        else high = mid;
      }
    }
    share = Math.floor(low * 1000) / 1000;
  }
  const targets = new Map<string, number[]>();
  for (const cost of costs) targets.set(cost.id, targetsAt(cost, share, firstCases));
  let estimated = total(share, firstCases);
  if (!allFirst) {
    // The next level does not fit whole: what is left takes the must checks before the profile
    // ones, and among them those whose cases of it cost least first (a one-request case names a
    // rule as well as a ten-request one), so a partial level is not left unspent.
    const next = costs
      .map((cost, order) => ({
        cost,
        order,
        extra: deepeningCost(cost, 0, firstCases + 1) - deepeningCost(cost, 0, firstCases),
      }))
      .filter(({ extra }) => extra > 0)
      .sort(
        (a, b) =>
          Number(a.cost.late === true) - Number(b.cost.late === true) ||
          a.extra - b.extra ||
          a.order - b.order,
      );
    for (const { cost, extra } of next) {
      if (estimated + extra > available) break;
      estimated += extra;
      targets.set(cost.id, targetsAt(cost, 0, firstCases + 1));
    }
  }
  return { share, firstCases, allFirst, targets, estimated: Math.ceil(estimated) };
}

/**
 * A check comparing answers (D65) judges a failure again on fresh answers before it counts: its
 * deepening `targets`, trimmed from its last property's last cases, so that the estimated cost
 * of the cases still to run, and of `rechecks` more judgements of its dearest case, fits in the
 * `left` requests of the run — a failure found on the budget's last requests is not lost to the
 * cap while it is rechecked. Never below the cases each property ran already.
 */
export function leaveRoomToRecheck(
  cost: CheckCost,
  targets: readonly number[],
  left: number,
  rechecks: number,
): number[] {
  const trimmed = [...targets];
  const needed = (): number => {
    const { requests, dearest } = costTo(cost, trimmed);
    return requests === 0 ? 0 : requests + rechecks * dearest;
  };
  for (let at = trimmed.length - 1; at >= 0; at -= 1) {
    const done = cost.properties[at]?.done ?? 0;
    while ((trimmed[at] as number) > done && needed() > left) trimmed[at] = (trimmed[at] as number) - 1;
  }
  return trimmed;
}
