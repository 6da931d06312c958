import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { CheckResult, CheckStatus, Level } from '../core/check.ts';
import { countResults, type RunSummary } from '../core/events.ts';
import { renderJunit } from './junit.ts';

const XSD = readFileSync(fileURLToPath(new URL('../../schemas/junit.xsd', import.meta.url)), 'utf8');

const result = (id: string, status: CheckStatus, level: Level = 'must'): CheckResult => ({
  id,
  area: id.startsWith('GAMES') ? 'games' : 'tags',
  level,
  title: `${id} title`,
  source: '§4 GET /games, rule 2',
  status,
  durationMs: 1234,
  requests: 3,
  ...(status === 'pass' ? {} : { reason: `${status} <because> "quoted"` }),
  ...(status === 'fail'
    ? { failure: { message: 'one-line why', expected: 'HTTP 200', received: 'HTTP 500' } }
    : {}),
});

const RESULTS: CheckResult[] = [
  result('GAMES-PASSES', 'pass'),
  result('GAMES-FAILS', 'fail'),
  result('GAMES-PROFILE-FAILS', 'fail', 'profile'),
  result('GAMES-ERRS', 'error'),
  result('TAGS-TIMES-OUT', 'timeout'),
  result('TAGS-NOT-RUN', 'notrun'),
  result('TAGS-PROFILE-NOT-RUN', 'notrun', 'profile'),
  result('TAGS-SKIPPED', 'skipped'),
];

function summaryOf(failOnProfile: boolean, fatal?: string): RunSummary {
  return {
    startedAt: '2026-11-25T10:00:00.123Z',
    finishedAt: '2026-11-25T10:01:00.000Z',
    durationMs: 60_000,
    baseUrl: 'http://127.0.0.1:8080/api/v1',
    seed: 7,
    runs: 100,
    requests: 42,
    cacheHits: 0,
    depth: { full: 0, reduced: 0 },
    ...countResults(fatal ? [] : RESULTS),
    results: fatal ? [] : RESULTS,
    exitCode: fatal ? 2 : 1,
    failOnProfile,
    replayBase: '',
    ...(fatal ? { fatal } : {}),
  };
}

async function schemaErrors(xml: string): Promise<string[]> {
  const outcome = await validateXML({
    xml: [{ fileName: 'junit.xml', contents: xml }],
    schema: [{ fileName: 'junit.xsd', contents: XSD }],
  });
  return outcome.errors.map((e) => e.rawMessage);
}

const caseOf = (xml: string, id: string) => {
  const match = xml.match(new RegExp(`<testcase name="${id} —[\\s\\S]*?</testcase>`));
  if (!match) throw new Error(`no testcase ${id}`);
  return match[0];
};

describe('the JUnit report', () => {
  it('validates against the committed JUnit XSD, with and without --fail-on-profile, and for a run that could not start', async () => {
    expect(await schemaErrors(renderJunit({ summary: summaryOf(false) }))).toEqual([]);
    expect(await schemaErrors(renderJunit({ summary: summaryOf(true) }))).toEqual([]);
    expect(await schemaErrors(renderJunit({ summary: summaryOf(false, 'cannot reach the server') }))).toEqual(
      [],
    );
  });

  it('the XSD refuses what dashboards misread (the test above can fail)', async () => {
    const xml = renderJunit({ summary: summaryOf(false) });
    expect(await schemaErrors(xml.replace(/time="[\d.]+"/, 'time="soon"'))).not.toEqual([]);
    expect(await schemaErrors(xml.replace('<system-out>', '<failure/><failure/><system-out>'))).not.toEqual(
      [],
    );
  });

  it('is red exactly when the run fails: a profile failure is a skip with its reason unless it gates', () => {
    const xml = renderJunit({ summary: summaryOf(false) });
    expect(caseOf(xml, 'GAMES-FAILS')).toContain('<failure message="one-line why" type="CheckFailure">');
    expect(caseOf(xml, 'GAMES-PROFILE-FAILS')).toContain(
      '<skipped message="profile check failed (not gating without --fail-on-profile): one-line why"/>',
    );
    expect(caseOf(xml, 'GAMES-PROFILE-FAILS')).not.toContain('<failure');
    const gating = renderJunit({ summary: summaryOf(true) });
    expect(caseOf(gating, 'GAMES-PROFILE-FAILS')).toContain('<failure message="one-line why"');
  });

  it('writes each status as its table says, with skip reasons as messages', () => {
    const xml = renderJunit({ summary: summaryOf(false) });
    expect(caseOf(xml, 'GAMES-PASSES')).not.toMatch(/<(failure|error|skipped)/);
    expect(caseOf(xml, 'GAMES-ERRS')).toContain('type="HarnessError"');
    expect(caseOf(xml, 'TAGS-TIMES-OUT')).toContain('type="Timeout"');
    expect(caseOf(xml, 'TAGS-NOT-RUN')).toContain('type="NotRun"');
    expect(caseOf(xml, 'TAGS-PROFILE-NOT-RUN')).toContain(
      '<skipped message="not run: notrun &lt;because&gt; &quot;quoted&quot;"/>',
    );
    expect(caseOf(xml, 'TAGS-SKIPPED')).toContain(
      '<skipped message="skipped: skipped &lt;because&gt; &quot;quoted&quot;"/>',
    );
  });

  it('gives every suite its counts and time, and the root the totals', () => {
    const xml = renderJunit({ summary: summaryOf(false) });
    expect(xml).toMatch(
      /<testsuite name="games" id="\d+" tests="4" failures="1" errors="1" skipped="1" time="4\.936"/,
    );
    expect(xml).toMatch(
      /<testsuite name="tags" id="\d+" tests="4" failures="1" errors="1" skipped="2" time="4\.936"/,
    );
    expect(xml).toMatch(
      /<testsuites name="gamedir-conformance seed 7" tests="8" time="60\.000" failures="2" errors="2">/,
    );
  });
});
