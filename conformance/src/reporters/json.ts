/** JSON reporter: `reports/conformance.json`, the whole run as data (the other reports say the same). */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { replayCommand, type RunListener } from '../core/events.ts';
import { collectRun, type CollectedRun } from './report-collector.ts';

export const JSON_REPORT_NAME = 'conformance.json';

export function renderJson(run: CollectedRun): string {
  const { summary } = run;
  const report = {
    tool: 'gamedir-conformance',
    baseUrl: summary.baseUrl,
    seed: summary.seed,
    runs: summary.runs,
    startedAt: summary.startedAt,
    finishedAt: summary.finishedAt,
    durationMs: summary.durationMs,
    requests: summary.requests,
    cacheHits: summary.cacheHits,
    budget: summary.budget ?? null,
    minimalNeed: summary.minimalNeed ?? null,
    discoveryRequests: run.discovery?.requests ?? null,
    plan: summary.plan ?? null,
    depth: summary.depth,
    exitCode: summary.exitCode,
    ...(summary.fatal !== undefined ? { fatal: summary.fatal } : {}),
    ...(summary.stoppedBecause !== undefined ? { stoppedBecause: summary.stoppedBecause } : {}),
    counts: summary.counts,
    byLevel: summary.byLevel,
    discovery: run.discovery?.facts ?? null,
    states: summary.states ?? null,
    results: summary.results.map((result) => ({
      ...result,
      ...(result.status === 'fail' || result.status === 'error'
        ? { replay: replayCommand(summary, result) }
        : {}),
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

export function createJsonReporter(dir: string): RunListener {
  return collectRun(async (run) => {
    const file = join(dir, JSON_REPORT_NAME);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, renderJson(run));
  });
}
