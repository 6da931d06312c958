/**
 * JUnit XML reporter (junit-report-builder): `reports/junit.xml`. One suite per area; a
 * failed check is a <failure> with Expected/Received/curl/replay, an errored one an <error>,
 * a skipped one <skipped/>; a must check the budget left without a verdict (notrun) is a
 * <failure type="NotRun"> (it fails the run), a profile one <skipped/>.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import junitModule, { type Builder } from 'junit-report-builder';
import { AREAS } from '../core/check.ts';
import type { RunListener } from '../core/events.ts';
import { formatFailureDetails } from './console.ts';
import { collectRun, type CollectedRun } from './report-collector.ts';

export const JUNIT_REPORT_NAME = 'junit.xml';

// The package is CommonJS with a default export; depending on the loader the default arrives wrapped.
const junit: Builder =
  (junitModule as unknown as { default?: Builder }).default ?? (junitModule as unknown as Builder);

export function renderJunit(run: CollectedRun): string {
  const { summary } = run;
  const builder = junit.newBuilder();
  builder.name(`gamedir-conformance seed ${summary.seed}`);
  for (const area of AREAS) {
    const results = summary.results.filter((r) => r.area === area);
    if (results.length === 0) continue;
    const suite = builder.testSuite().name(area).timestamp(summary.startedAt);
    suite.property('seed', String(summary.seed)).property('baseUrl', summary.baseUrl);
    for (const result of results) {
      const testCase = suite
        .testCase()
        .className(`conformance.${area}`)
        .name(`${result.id} — ${result.title}`)
        .time(result.durationMs / 1000)
        .property('level', result.level)
        .property('source', result.source)
        .property('requests', String(result.requests));
      if (result.fullCases !== undefined) {
        testCase.property('cases', `${result.cases ?? 0}/${result.fullCases}`);
      }
      if (result.status === 'fail') {
        testCase
          .failure(result.failure?.message ?? result.reason ?? 'failed', 'CheckFailure')
          .stacktrace(formatFailureDetails(summary, result));
      } else if (result.status === 'error') {
        testCase.error(result.reason ?? 'error', 'HarnessError', formatFailureDetails(summary, result));
      } else if (result.status === 'notrun' && result.level === 'must') {
        testCase.failure(result.reason ?? 'not run', 'NotRun');
      } else if (result.status === 'skipped' || result.status === 'notrun') {
        testCase.skipped().standardOutput(`skipped: ${result.reason ?? ''}`);
      }
    }
  }
  if (summary.fatal !== undefined) {
    builder
      .testSuite()
      .name('run')
      .testCase()
      .className('conformance.run')
      .name('preflight')
      .error(summary.fatal);
  }
  return builder.build();
}

export function createJunitReporter(dir: string): RunListener {
  return collectRun(async (run) => {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, JUNIT_REPORT_NAME), renderJunit(run));
  });
}
