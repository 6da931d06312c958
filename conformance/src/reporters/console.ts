/**
 * Console reporter: progress lines while the run goes, then the summary — counts by
 * status and level, one line per failure, and for each failure Expected / Received,
 * the curl line (`Bearer $API_KEY`) and the replay command. The seed opens and closes the run.
 */
import type { CheckResult } from '../core/check.ts';
import {
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
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

function countsLine(counts: StatusCounts): string {
  return `${counts.pass} passed, ${counts.fail} failed, ${counts.error} errors, ${counts.skipped} skipped`;
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
    `Requests: ${summary.requests}, time ${seconds(summary.durationMs)}`,
  );
  const bad = summary.results.filter((r) => r.status === 'fail' || r.status === 'error');
  if (bad.length > 0) {
    out.push('', 'Failures and errors:');
    for (const r of bad)
      out.push(`  ${r.id} — ${r.status === 'error' ? `error: ${r.reason ?? ''}` : r.failure?.message}`);
    for (const r of bad) out.push('', formatFailureDetails(summary, r));
  }
  const skipped = summary.results.filter((r) => r.status === 'skipped');
  if (skipped.length > 0) {
    out.push('', 'Skipped:');
    for (const r of skipped) out.push(`  ${r.id} — ${r.reason ?? ''}`);
  }
  out.push('', `Seed: ${summary.seed}`, `Exit code: ${summary.exitCode}`);
  return out.join('\n') + '\n';
}

export function createConsoleReporter(options: ConsoleReporterOptions = {}): RunListener {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  return (event: RunEvent) => {
    switch (event.type) {
      case 'run-start':
        write(`Game Directory API conformance — ${event.baseUrl}\n`);
        write(`Seed: ${event.seed} · runs per property: ${event.runs} · checks: ${event.checks.length}\n`);
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
          const why = r.status === 'pass' ? '' : ` — ${(r.reason ?? '').split('\n')[0]}`;
          write(
            `[${event.index}/${event.total}] ${r.id} … ${r.status} (${r.requests} req, ${seconds(r.durationMs)})${why}\n`,
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
