/**
 * docs/rules.md, generated: every rule of conformance/src/rules.ts joined by its id to the
 * checks that cover it (registry), the deliberate faults that break it and the legitimate
 * variants that decide it differently (reference-server faults.ts / variants.ts), and the
 * server modules those faults are injected in. `npx tsx scripts/write-fault-table.ts`
 * writes it; a test keeps the committed file equal to this output.
 */
import { FAULTS } from '../../reference-server/src/faults.ts';
import { VARIANTS } from '../../reference-server/src/variants.ts';
import { ALL_CHECKS } from '../src/registry.ts';
import { RULES, type Rule } from '../src/rules.ts';

export interface RuleJoin {
  rule: Rule;
  checks: string[];
  faults: string[];
  variants: string[];
  modules: string[];
}

export function joinRules(): RuleJoin[] {
  return RULES.map((rule) => {
    const faults = FAULTS.filter((f) => (f.rules as readonly string[]).includes(rule.id));
    return {
      rule,
      checks: ALL_CHECKS.filter((c) => c.covers.includes(rule.id)).map((c) => c.id),
      faults: faults.map((f) => f.name),
      variants: VARIANTS.filter((v) => (v.rules as readonly string[]).includes(rule.id)).map((v) => v.name),
      modules: [...new Set(faults.map((f) => f.where))].sort(),
    };
  });
}

/**
 * Why an observable rule has no fault breaking it (docs/rules.md lists them with these
 * reasons; rule-table.test.ts requires one for each, and none for a rule a fault breaks).
 */
export const NO_FAULT_BECAUSE: Record<string, string> = {
  'S1.2':
    'The list of operations: a server without one fails every check of its area (each answers 404); a fault removing one would prove nothing more.',
  'S2.GS.ID':
    'Ids are what every check reaches a game by: with ids of another type, discovery refuses the deployment and the run exits 2 (tried: a game id written as a string), so no single check is the one that bites.',
  'S2.RS.ID': 'As S2.GS.ID: with review ids of another type, discovery refuses the deployment (exit 2).',
  'S2.MSSP.RESPONSE':
    'Its parts are broken under their own rules (S3.MSSP-STATES, S2.MSSP.*: mssp-available-with-null-data, mssp-not-available-empty-snapshot, mssp-collected-at-epoch, mssp-numbers-left-as-text).',
  'S4.GAMES.ERRORS':
    'A list of statuses, each broken under its own rule: 401 (the auth faults), 405 (post-404-instead-of-405), 422 (the invalid-filter faults), 429 (the rate-limit faults).',
  'S4.GAME.OK':
    'The detail envelope: every field of the detail has its field fault (S2.GS.*, S2.GD.*), and unknown-game-200-null breaks the 200 it must not give.',
  'S4.REVIEWS.PAGE':
    'Candidate for a fault: the paging faults are injected for /games only (review paging shares domain/pagination.ts; variant reviews-bad-paging-422 shows the check tolerant).',
  'S4.REVIEWS.PERPAGE': 'As S4.REVIEWS.PAGE: candidate for a reviews per_page fault.',
  'S4.STATS.1-NAMES':
    'The names are open (not shown): no name is wrong. The structure under any naming is broken by the statistics faults (activity-pattern-167-cells, stats-point-cap-ignored, activity-zero-for-empty-cell).',
  'S4.STATS.3-503':
    'Candidate for a fault: the 503 states come from the fixtures (statisticsState) and no fault answers them otherwise yet (e.g. 500 or 200 for a pending range).',
  'S7.CODE.statistics_pending': 'As S4.STATS.3-503.',
  'S7.CODE.statistics_unavailable': 'As S4.STATS.3-503.',
  'S8.PAGE':
    'Covered through /games paging (page-skips-item breaks the slice under S4.GAMES.PAGE); candidate for a fault accepting page=0.',
  'S9.1':
    'A server elsewhere than /api/v1 fails preflight (exit 2, with the prefix hint); the OpenAPI and interface versions are facts of the document, not of traffic.',
  'S9.2':
    'The player-history formats are broken under their own rules by the players-* faults; the statistics endpoints share no code path with them in this server.',
};

const code = (items: string[]) => (items.length === 0 ? '—' : items.map((i) => `\`${i}\``).join(', '));
const cell = (text: string) => text.replaceAll('|', '\\|');

export function ruleTableMarkdown(): string {
  const joins = joinRules();
  const observable = joins.filter((j) => j.rule.unobservable === undefined);
  const unbroken = observable.filter((j) => j.faults.length === 0);
  const unobservable = joins.filter((j) => j.rule.unobservable !== undefined);
  return [
    '# Rules, and the checks, faults and variants joined to them',
    '',
    'Every numbered rule and table row of the API description has an id',
    '(`conformance/src/rules.ts`). Checks name the rules they assert (`covers`), deliberate',
    'faults of the reference server the rules they break, legitimate variants the rules whose',
    'open point they decide differently; this table is their join. "Server module" is where',
    'the faults breaking the rule are injected (`where` in `reference-server/src/faults.ts`).',
    'A fault is proved caught by its killing checks (docs/faults.md), and a test requires those',
    'checks to cover at least one rule the fault breaks.',
    '',
    `${RULES.length} rules (${observable.length} observable from outside): ${observable.length - unbroken.length} broken by at least one fault, ${unbroken.length} by none. Generated by \`npx tsx scripts/write-fault-table.ts\`; do not edit by hand.`,
    '',
    '| Rule | Source | Text | Checks | Server module | Faults | Variants |',
    '|---|---|---|---|---|---|---|',
    ...joins.map(
      (j) =>
        `| \`${j.rule.id}\` | ${cell(j.rule.source)} | ${cell(j.rule.text)}${j.rule.unobservable ? ' *(not observable)*' : ''} | ${code(j.checks)} | ${code(j.modules)} | ${code(j.faults)} | ${code(j.variants)} |`,
    ),
    '',
    '## Observable rules no fault breaks',
    '',
    'No deliberate fault breaks these rules, so nothing proves their covering checks would',
    'fail a server that does; each is listed with the reason (`NO_FAULT_BECAUSE` in',
    '`conformance/test/rule-table.ts`). A "candidate" is a fault still to write.',
    '',
    '| Rule | Text | Checks | Why no fault |',
    '|---|---|---|---|',
    ...unbroken.map(
      (j) =>
        `| \`${j.rule.id}\` | ${cell(j.rule.text)} | ${code(j.checks)} | ${cell(NO_FAULT_BECAUSE[j.rule.id] ?? '**no reason given**')} |`,
    ),
    '',
    '## Rules a black box cannot observe',
    '',
    '| Rule | Text | Why |',
    '|---|---|---|',
    ...unobservable.map((j) => `| \`${j.rule.id}\` | ${cell(j.rule.text)} | ${cell(j.rule.unobservable!)} |`),
    '',
  ].join('\n');
}
