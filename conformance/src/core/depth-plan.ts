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
}

export interface DepthPlan {
  /** The share of full depth every deepened check is taken to (0..1). */
  share: number;
  /** Per check id: the total cases each of its properties should reach. */
  targets: Map<string, number[]>;
  /** Estimated requests of the plan. */
  estimated: number;
}

function targetsAt(cost: CheckCost, share: number, withFirst: boolean): number[] {
  return cost.properties.map((p) =>
    Math.max(
      p.done,
      withFirst ? Math.min(p.full, p.first ?? 0) : 0,
      Math.min(p.full, Math.ceil(share * p.full)),
    ),
  );
}

/** Estimated requests to take one check to `share` of its depth (0 when nothing is to add). */
export function deepeningCost(cost: CheckCost, share: number, withFirst = false): number {
  const targets = targetsAt(cost, share, withFirst);
  let added = 0;
  let anything = false;
  cost.properties.forEach((p, i) => {
    const extra = (targets[i] as number) - p.done;
    if (extra > 0) {
      anything = true;
      added += extra * p.perCase;
    }
  });
  return anything ? cost.fixed + added : 0;
}

/**
 * The largest share (to 1/1000) of full depth whose estimated cost fits in `available`
 * requests — on top of every property's first cases (its examples, a sweep's items) when those
 * fit: the cases a rule names come before generated ones.
 */
export function planDepth(costs: readonly CheckCost[], available: number): DepthPlan {
  const withFirst = costs.reduce((sum, c) => sum + deepeningCost(c, 0, true), 0) <= available;
  const total = (share: number) => costs.reduce((sum, c) => sum + deepeningCost(c, share, withFirst), 0);
  let low = 0;
  let high = 1;
  if (total(1) <= available) low = 1;
  else {
    for (let i = 0; i < 30; i += 1) {
      const mid = (low + high) / 2;
      if (total(mid) <= available) low = mid;
      else high = mid;
    }
  }
  const share = Math.floor(low * 1000) / 1000;
  const targets = new Map<string, number[]>();
  for (const cost of costs) targets.set(cost.id, targetsAt(cost, share, withFirst));
  return { share, targets, estimated: Math.ceil(total(share)) };
}
