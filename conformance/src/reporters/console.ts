/**
 * Console reporter: progress lines while the run goes, then the summary — counts by
 * status and level, one line per failure, and for each failure Expected / Received,
 * the curl line (`Bearer $API_KEY`) and the replay command. The seed opens and closes the run.
 */
import type { CheckResult } from '../core/check.ts';
import { mustNeedTolerance, type MinimalNeed } from '../core/minimal-need.ts';
import { failsRun, NOT_RUN_SERVER_DOWN, oneLineWhy } from '../core/statuses.ts';
import {
  planDepthWords,
  planOpening,
  replayCommand,
  type RunEvent,
  type RunListener,
  type RunSummary,
  type StatusCounts,
} from '../core/events.ts';

export interface ConsoleReporterOptions {
  write?: (text: string) => void;
  /** Only the summary (no progress lines). */
  quiet?: boolean;
  /** Print check log lines. */
  verbose?: boolean;
  /**
   * A terminal: a wait is one line ticking down in place. Otherwise (CI logs) a wait is a plain
   * line, and another every 15 s while it lasts.
   */
  tty?: boolean;
}

const CI_TICK_MS = 15_000;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

function countsLine(counts: StatusCounts): string {
  return (
    `${counts.pass} passed, ${counts.fail} failed, ${counts.error} errors, ${counts.skipped} skipped` +
    (counts.notrun > 0 ? `, ${counts.notrun} not run` : '') +
    (counts.timeout > 0 ? `, ${counts.timeout} timed out` : '')
  );
}

/** One line on how deep the run went: the plan's share of `--runs`, checks at full and reduced depth. */
export function depthLine(summary: RunSummary): string {
  const { full, reduced } = summary.depth;
  if (full + reduced === 0) return 'Depth: no property ran';
  const share = summary.plan
    ? ` (planned ${planDepthWords(summary.plan)}, of ${summary.runs} runs per property)`
    : '';
  return reduced === 0
    ? `Depth: full — all ${full} checks with properties ran ${summary.runs} cases per property or their own number`
    : `Depth: reduced${share} — ${full} checks at full depth, ${reduced} with fewer cases than --runs (their verdicts stand)`;
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : `${prefix}${line}`))
    .join('\n');
}

/** The detail block of one failed or errored check, as the summary prints it. */
export function formatFailureDetails(
  summary: Pick<RunSummary, 'replayBase' | 'seed'>,
  result: CheckResult,
): string {
  const lines = [`${result.id} — ${result.title} [${result.level}, ${result.source}]`];
  const failure = result.failure;
  if (failure) {
    lines.push(`  ${indent(failure.message, '  ')}`);
    lines.push(`  Expected ${indent(failure.expected, '           ')}`);
    lines.push(`  Received ${indent(failure.received, '           ')}`);
    if (failure.property) {
      lines.push(
        `  Counterexample ${indent(failure.property.counterexample, '                 ')}` +
          ` (seed ${failure.property.seed}, path ${failure.property.path}, ${failure.property.numRuns} runs)`,
      );
    }
    if (failure.request) lines.push(`  ${failure.request.curl}`);
    if (failure.responseExcerpt)
      lines.push(`  Response: ${failure.responseExcerpt.replace(/\s+/g, ' ').slice(0, 300)}`);
  } else if (result.reason) {
    lines.push(`  ${result.reason}`);
  }
  lines.push(`  Replay: ${replayCommand(summary, result)}`);
  return lines.join('\n');
}

export function formatSummary(summary: RunSummary): string {
  const out: string[] = [''];
  if (summary.fatal !== undefined) {
    out.push(`Could not run: ${summary.fatal}`, `Seed: ${summary.seed}`, `Exit code: ${summary.exitCode}`);
    return out.join('\n') + '\n';
  }
  out.push(
    `Checks: ${summary.results.length} — ${countsLine(summary.counts)}`,
    `  must:    ${countsLine(summary.byLevel.must)}`,
    `  profile: ${countsLine(summary.byLevel.profile)}`,
    `Requests: ${summary.requests} sent${summary.budget ? ` of a budget of ${summary.budget.total}` : ''}, ` +
      `${summary.cacheHits} answered by the run's cache, time ${seconds(summary.durationMs)}`,
    depthLine(summary),
  );
  if (summary.stoppedBecause !== undefined) out.push('', `Stopped early: ${summary.stoppedBecause}`);
  // Checks left unrun by a dead server share one reason: counted, not listed one by one.
  const leftByDeadServer = summary.results.filter(
    (r) => r.status === 'notrun' && r.reason === NOT_RUN_SERVER_DOWN,
  );
  const gating = summary.results.filter(
    (r) => failsRun(r, summary.failOnProfile) && !leftByDeadServer.includes(r),
  );
  if (gating.length > 0 || leftByDeadServer.length > 0) {
    out.push('', 'Failures (they fail the run):');
    for (const r of gating) out.push(`  ${r.id} [${r.level}] ${r.status} — ${oneLineWhy(r)}`);
    if (leftByDeadServer.length > 0) {
      out.push(`  … and ${leftByDeadServer.length} checks not run: the server had stopped answering`);
    }
  }
  const profileFails = summary.results.filter(
    (r) => r.status === 'fail' && !failsRun(r, summary.failOnProfile),
  );
  if (profileFails.length > 0) {
    out.push('', 'Profile checks that failed (not gating without --fail-on-profile):');
    for (const r of profileFails) out.push(`  ${r.id} — ${oneLineWhy(r)}`);
  }
  for (const r of [...gating, ...profileFails]) out.push('', formatFailureDetails(summary, r));
  const skipped = summary.results.filter((r) => r.status === 'skipped');
  if (skipped.length > 0) {
    out.push('', 'Skipped (a precondition is missing):');
    for (const r of skipped) out.push(`  ${r.id} — ${r.reason ?? ''}`);
  }
  const missing = (summary.states ?? []).filter((s) => s.found === 'missing');
  if (missing.length > 0) {
    out.push('', 'States not exercised (the rules of a state are judged only on an instance of it):');
    for (const s of missing) out.push(`  ${s.state} [${s.source}] — supplied by ${s.supply}`);
  }
  const notRun = summary.results.filter(
    (r) => r.status === 'notrun' && !failsRun(r, summary.failOnProfile) && !leftByDeadServer.includes(r),
  );
  if (notRun.length > 0) {
    out.push('', 'Not run (the budget ended first; raise --time-budget or --max-requests):');
    for (const r of notRun) out.push(`  ${r.id} [${r.level}] — ${r.reason ?? ''}`);
  }
  out.push('', summary.exitCode === 0 ? 'Result: passed' : `Result: FAILED — ${summary.failedBecause ?? ''}`);
  out.push('', `Seed: ${summary.seed}`, `Exit code: ${summary.exitCode}`);
  return out.join('\n') + '\n';
}

export function createConsoleReporter(options: ConsoleReporterOptions = {}): RunListener {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const tty = options.tty ?? false;
  let ticker: NodeJS.Timeout | undefined;
  const stopTicker = () => {
    if (ticker === undefined) return;
    clearInterval(ticker);
    ticker = undefined;
    if (tty) write('\r\x1b[K');
  };
  const startWait = (label: string, ms: number) => {
    const until = Date.now() + ms;
    const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
    if (tty) {
      const tick = () => write(`\r\x1b[K  waiting ${left()} s for ${label}`);
      tick();
      ticker = setInterval(() => (Date.now() >= until ? stopTicker() : tick()), 1_000);
    } else {
      write(`  waiting ${left()} s for ${label}\n`);
      if (ms <= CI_TICK_MS) return;
      ticker = setInterval(
        () => (Date.now() >= until ? stopTicker() : write(`  … ${left()} s left: ${label}\n`)),
        CI_TICK_MS,
      );
    }
    ticker.unref();
  };
  return (event: RunEvent) => {
    if (event.type !== 'log') stopTicker();
    switch (event.type) {
      case 'wait':
        if (options.quiet || event.ms < 1_000) break;
        if (event.alongside) {
          // The other checks go on meanwhile, their lines below: one line, no countdown.
          write(
            `  ${event.checkId ?? 'a check'} waits ${Math.ceil(event.ms / 1000)} s for ${event.reason}; the other checks go on meanwhile\n`,
          );
        } else startWait(`${event.reason}${event.checkId ? ` (${event.checkId})` : ''}`, event.ms);
        break;
      case 'run-start':
        write(`Game Directory API conformance — ${event.baseUrl}\n`);
        write(`Seed: ${event.seed} · runs per property: ${event.runs} · checks: ${event.checks.length}\n`);
        break;
      case 'budget':
        write(`Budget: ${event.budget.explanation}\n`);
        if (event.reserveRequests > 0 && event.exhaustingAlongside) {
          write(
            `  kept for the checks that exhaust the low-limit key (they run alongside the others): ${event.reserveRequests} requests\n`,
          );
        } else if (event.reserveRequests > 0) {
          write(
            `  kept for the checks that exhaust a key, last: ${event.reserveRequests} requests, ${seconds(event.reserveMs)}\n`,
          );
        }
        if (event.minimalNeed) write(`  ${minimalNeedLine(event.minimalNeed, event.budget.total)}\n`);
        break;
      case 'late-pass':
        write(
          event.because === 'paced'
            ? `Time left (${event.secondsLeft} s) after the checks that exhaust a key: the ${event.checks} checks the request budget stopped run now, at the key's pace\n`
            : `${event.requestsLeft} requests left (the checks that exhaust a key ${event.because === 'reserve-returned' ? 'ended and gave back their reserve' : 'took less than their reserve'}): the ${event.checks} checks the request budget stopped run now\n`,
        );
        break;
      case 'traffic-judged':
        if (event.midRun === true && options.quiet && event.failed === 0) break;
        write(
          `${event.midRun === true ? 'The responses so far' : "The run's later responses"} judged by the ${event.checks} checks that judge its traffic (no request sent)` +
            `${event.failed > 0 ? `: ${event.failed} found a response breaking their rule` : ''}\n`,
        );
        break;
      case 'plan': {
        const p = event.plan;
        if (p.checks === 0) write(`Plan: ${planOpening(p)}; no check to deepen\n`);
        else if (p.estimated === 0) {
          write(
            `Plan: ${planOpening(p)}; ${p.available} requests left, too few to deepen ` +
              `${p.checks} checks evenly (what is left goes to the undecided ones first)\n`,
          );
        } else {
          const least = p.leastCases
            ? `; fewest: ${p.leastCases.cases} of ${p.leastCases.full} cases (${p.leastCases.id})`
            : '';
          write(
            `Plan: ${planOpening(p)}; deepening ${p.checks} checks to ` +
              `${planDepthWords(p)} with ~${p.estimated} of ${p.available} requests left${least}\n`,
          );
        }
        break;
      }
      case 'check-deepened':
        if (!options.quiet) {
          const r = event.result;
          const note = r.depthNote ? ` — ${r.depthNote}` : r.status === 'pass' ? '' : ` — ${oneLineWhy(r)}`;
          write(
            `[deepen ${event.index}/${event.total}] ${r.id} … ${r.status} (+${event.addedCases} cases, ` +
              `${r.cases ?? 0}/${r.fullCases ?? 0} in all, +${event.addedRequests} req)${note}\n`,
          );
        }
        break;
      case 'discovery-done':
        if (!options.quiet) {
          write(`Discovery: ${event.requests} requests, ${seconds(event.durationMs)}\n`);
          for (const [key, value] of Object.entries(event.facts)) write(`  ${key}: ${value ?? '—'}\n`);
        }
        break;
      case 'check-end':
        if (!options.quiet) {
          const r = event.result;
          const why = r.status === 'pass' ? '' : ` — ${oneLineWhy(r)}`;
          const cases = r.fullCases ? `${r.cases ?? 0}/${r.fullCases} cases, ` : '';
          write(
            `[${event.index}/${event.total}] ${r.id} … ${r.status} (${cases}${r.requests} req, ${seconds(r.durationMs)})${why}\n`,
          );
        }
        break;
      case 'log':
        if (options.verbose) write(`    ${event.checkId ?? ''} ${event.message}\n`);
        break;
      case 'run-end':
        write(formatSummary(event.summary));
        break;
      default:
        break;
    }
  };
}

/** The budget line's second half: whether every selected check can get its minimal verdict. */
export function minimalNeedLine(need: MinimalNeed, budget: number): string {
  const parts = [`discovery ${need.discovery}`, `checks ${need.checks}`];
  if (need.reserve > 0) parts.push(`kept for the exhausting checks ${need.reserve}`);
  const unmeasured =
    need.unmeasured.length > 0
      ? `; ${need.unmeasured.length} checks not yet measured, counted as 2 each`
      : '';
  const deferred =
    need.deferred > 0
      ? `; the deferred checks (the model checks among them) need ${need.deferred} more, run when the budget allows`
      : '';
  const must = need.mustRequests < need.requests ? `, ${need.mustRequests} for the must checks alone` : '';
  // What the exhausting checks did not spend of their reserve goes back to the checks in line.
  const givenBack = need.reserve - need.reserveSpent;
  const verdict =
    budget >= need.requests
      ? 'the budget suffices for a verdict on every check'
      : budget >= need.mustRequests
        ? `the budget of ${budget} suffices for the must checks; the last profile checks in line may get no verdict`
        : givenBack > 0 && budget >= need.mustRequests - givenBack
          ? `the budget of ${budget} suffices for the must checks if the exhausting checks spend what they did on the reference server (${need.reserveSpent} of the ${need.reserve} kept for them; the rest goes back to the checks in line), else the last must checks in line may get no verdict (exit 1)`
          : budget >= need.mustRequests - mustNeedTolerance(need)
            ? `the budget of ${budget} is ${need.mustRequests - budget} short of the must checks' measured need (${need.mustRequests}), within what that figure varies by (a check's first case answered by the run's cache or not, a server's own data): the must checks may all get a verdict, or the last in line may not (exit 1) — raise --max-requests, --time-budget or --day-share for a margin`
            : `the budget of ${budget} does not suffice: the last must checks in line may get no verdict (exit 1) — raise --max-requests, --time-budget or --day-share`;
  return (
    `Minimal pass: about ${need.requests} requests${must} (${parts.join(', ')}; as measured on the reference server${need.hinted ? ' with the hints given' : ''}${unmeasured}${deferred}): ` +
    verdict
  );
}
