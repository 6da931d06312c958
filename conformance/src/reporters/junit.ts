/**
 * JUnit XML reporter: `reports/junit.xml`, written with xmlbuilder2 in the shape Jenkins,
 * GitLab and GitHub's test-report actions read (checked against
 * `conformance/schemas/junit.xsd` by a test). One <testsuite> per area with counts and time;
 * the statuses map as core/statuses.ts decides whether they fail the run:
 * - fail that fails the run → <failure message type="CheckFailure"> (Expected/Received/curl/replay);
 * - error → <error type="HarnessError">; timeout → <error type="Timeout">;
 * - notrun of a must check → <failure type="NotRun"> (the gate has no verdict for it);
 * - skipped, a profile notrun, and a profile fail that does not gate the run →
 *   <skipped message="…">: a dashboard stays green exactly when the job does, and the reason
 *   (for a profile fail: its failure) is one line away.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { AREAS, type CheckResult } from '../core/check.ts';
import type { RunListener, RunSummary } from '../core/events.ts';
import { failsRun, oneLineWhy } from '../core/statuses.ts';
import { formatFailureDetails } from './console.ts';
import { collectRun, type CollectedRun } from './report-collector.ts';

export const JUNIT_REPORT_NAME = 'junit.xml';

type Outcome = 'passed' | 'failure' | 'error' | 'skipped';

/** How one result is written, given whether the run gates on profile checks. */
export function junitOutcome(result: CheckResult, failOnProfile: boolean): Outcome {
  switch (result.status) {
    case 'pass':
      return 'passed';
    case 'error':
    case 'timeout':
      return 'error';
    case 'fail':
    case 'notrun':
      return failsRun(result, failOnProfile) ? 'failure' : 'skipped';
    case 'skipped':
      return 'skipped';
  }
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** One line of facts a dashboard shows under the test: level, rule, depth, requests. */
function facts(result: CheckResult): string {
  const depth = result.fullCases !== undefined ? `, ${result.cases ?? 0}/${result.fullCases} cases` : '';
  return `${result.level} · ${result.source} · ${result.requests} requests${depth}`;
}

function writeCase(
  suite: XMLBuilder,
  summary: RunSummary,
  result: CheckResult,
  failOnProfile: boolean,
): void {
  const testCase = suite.ele('testcase', {
    name: `${result.id} — ${result.title}`,
    classname: `conformance.${result.area}`,
    time: seconds(result.durationMs),
  });
  const outcome = junitOutcome(result, failOnProfile);
  const firstLine = oneLineWhy(result);
  if (outcome === 'failure') {
    testCase
      .ele('failure', {
        message: firstLine,
        type: result.status === 'notrun' ? 'NotRun' : 'CheckFailure',
      })
      .txt(formatFailureDetails(summary, result));
  } else if (outcome === 'error') {
    testCase
      .ele('error', { message: firstLine, type: result.status === 'timeout' ? 'Timeout' : 'HarnessError' })
      .txt(formatFailureDetails(summary, result));
  } else if (outcome === 'skipped') {
    const message =
      result.status === 'fail'
        ? `profile check failed (not gating without --fail-on-profile): ${firstLine}`
        : `${result.status === 'notrun' ? 'not run' : 'skipped'}: ${firstLine}`;
    testCase.ele('skipped', { message });
  }
  const details =
    result.status === 'fail' && outcome === 'skipped' ? `\n${formatFailureDetails(summary, result)}` : '';
  testCase.ele('system-out').txt(`${facts(result)}${details}`);
}

export function renderJunit(run: CollectedRun): string {
  const { summary } = run;
  const failOnProfile = summary.failOnProfile;
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites', {
    name: `gamedir-conformance seed ${summary.seed}`,
    tests: String(summary.results.length + (summary.fatal !== undefined ? 1 : 0)),
    time: seconds(summary.durationMs),
  });
  let failures = 0;
  let errors = 0;
  for (const [id, area] of AREAS.entries()) {
    const results = summary.results.filter((r) => r.area === area);
    if (results.length === 0) continue;
    const outcomes = results.map((r) => junitOutcome(r, failOnProfile));
    const count = (o: Outcome) => String(outcomes.filter((x) => x === o).length);
    failures += outcomes.filter((o) => o === 'failure').length;
    errors += outcomes.filter((o) => o === 'error').length;
    const suite = root.ele('testsuite', {
      name: area,
      id: String(id),
      tests: String(results.length),
      failures: count('failure'),
      errors: count('error'),
      skipped: count('skipped'),
      time: seconds(results.reduce((ms, r) => ms + r.durationMs, 0)),
      timestamp: summary.startedAt.replace(/\.\d+Z$/, ''),
      hostname: new URL(summary.baseUrl).host,
    });
    const properties = suite.ele('properties');
    properties.ele('property', { name: 'seed', value: String(summary.seed) });
    properties.ele('property', { name: 'baseUrl', value: summary.baseUrl });
    for (const result of results) writeCase(suite, summary, result, failOnProfile);
  }
  if (summary.fatal !== undefined) {
    errors += 1;
    const suite = root.ele('testsuite', {
      name: 'run',
      id: String(AREAS.length),
      tests: '1',
      failures: '0',
      errors: '1',
      skipped: '0',
      time: seconds(summary.durationMs),
      timestamp: summary.startedAt.replace(/\.\d+Z$/, ''),
      hostname: new URL(summary.baseUrl).host,
    });
    suite
      .ele('testcase', { name: 'preflight', classname: 'conformance.run', time: seconds(summary.durationMs) })
      .ele('error', { message: summary.fatal, type: 'Preflight' })
      .txt(summary.fatal);
  }
  root.att('failures', String(failures)).att('errors', String(errors));
  return root.end({ prettyPrint: true });
}

export function createJunitReporter(dir: string): RunListener {
  return collectRun(async (run) => {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, JUNIT_REPORT_NAME), renderJunit(run));
  });
}
