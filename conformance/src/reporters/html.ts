/**
 * HTML reporter: `reports/conformance.html`, one self-contained page (no external assets)
 * that a person reads in ten seconds: the verdict and why on top, then the failures — one
 * card each, the one-line why and the curl line first, grouped where one request parameter is
 * common to several (one broken filter often fails many checks) — then the budget, plan and
 * depth, and the table of every check with status filters. Long lines wrap; the page never
 * scrolls sideways. Everything from the run is escaped.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckResult } from '../core/check.ts';
import {
  planDepthWords,
  planOpening,
  replayCommand,
  type RunListener,
  type RunSummary,
  type StatusCounts,
} from '../core/events.ts';
import { failsRun, oneLineWhy, STATUS_ORDER, STATUSES } from '../core/statuses.ts';
import { collectRun, type CollectedRun } from './report-collector.ts';

export const HTML_REPORT_NAME = 'conformance.html';

export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function countsCells(counts: StatusCounts): string {
  return STATUS_ORDER.map((s) => `<td class="${s}">${counts[s]}</td>`).join('');
}

/** The results that go in the failures section: everything but passes and plain skips. */
function isFailure(result: CheckResult): boolean {
  return result.status !== 'pass' && result.status !== 'skipped';
}

/**
 * Query parameters of the request a failure names, as families: brackets dropped, the nine
 * tag filters as one `*_tag_id` (one broken tag filter fails checks on any category), paging
 * left out (every walk has it).
 */
function parametersOf(result: CheckResult): string[] {
  const url = result.failure?.request?.url;
  if (url === undefined) return [];
  try {
    const names = [...new URL(url).searchParams.keys()]
      .map((n) => n.replace(/\[\]$/, '').replace(/^\w+_tag_id$/, '*_tag_id'))
      .filter((n) => n !== 'page' && n !== 'per_page');
    return [...new Set(names)];
  } catch {
    return [];
  }
}

export interface FailureGroup {
  /** The request parameter the failures share, or undefined for the ungrouped rest. */
  parameter?: string;
  results: CheckResult[];
}

/**
 * Failures whose failing requests share a query parameter, largest group first, each
 * failure in one group; the rest stay alone. A heuristic of "one cause": the person
 * reading decides, with every failure still shown in full.
 */
export function groupFailures(failures: readonly CheckResult[]): FailureGroup[] {
  const groups: FailureGroup[] = [];
  let rest = [...failures];
  for (;;) {
    const byParameter = new Map<string, CheckResult[]>();
    for (const result of rest) {
      for (const name of parametersOf(result))
        byParameter.set(name, [...(byParameter.get(name) ?? []), result]);
    }
    const largest = [...byParameter.entries()].sort((a, b) => b[1].length - a[1].length)[0];
    if (!largest || largest[1].length < 2) break;
    groups.push({ parameter: largest[0], results: largest[1] });
    rest = rest.filter((r) => !largest[1].includes(r));
  }
  if (rest.length > 0) groups.push({ results: rest });
  return groups;
}

function card(summary: RunSummary, result: CheckResult): string {
  const f = result.failure;
  const gating = failsRun(result, summary.failOnProfile);
  const rows: Array<[string, string | undefined, string?]> = [
    ['Request', f?.request?.curl, 'curl'],
    ['Expected', f?.expected],
    ['Received', f?.received],
    ['Counterexample', f?.property?.counterexample],
    [
      'Property',
      f?.property
        ? `seed ${f.property.seed}, path ${f.property.path}, ${f.property.numRuns} runs`
        : undefined,
    ],
    ['Response', f?.responseExcerpt],
    ['Replay', replayCommand(summary, result)],
  ];
  const details = rows
    .filter((row): row is [string, string, string?] => row[1] !== undefined && row[1] !== '')
    .map(
      ([label, value, cls]) =>
        `<dt>${escapeHtml(label)}</dt><dd><pre${cls ? ` class="${cls}"` : ''}>${escapeHtml(value)}</pre></dd>`,
    )
    .join('');
  return (
    `<article class="failure" id="failure-${escapeHtml(result.id)}" data-status="${result.status}">` +
    `<h3><span class="${result.status}">${result.status}</span> <code>${escapeHtml(result.id)}</code> ` +
    `<span class="title">${escapeHtml(result.title)}</span> ` +
    `<span class="meta">${escapeHtml(result.level)}${gating ? '' : ', not gating'} · ${escapeHtml(result.source)}</span></h3>` +
    `<p class="why">${escapeHtml(oneLineWhy(result))}</p><dl>${details}</dl></article>`
  );
}

function failuresSection(summary: RunSummary): string {
  const failures = summary.results
    .filter(isFailure)
    .sort((a, b) => Number(failsRun(b, summary.failOnProfile)) - Number(failsRun(a, summary.failOnProfile)));
  if (failures.length === 0) return '';
  const groups = groupFailures(failures)
    .map((group) =>
      group.parameter === undefined
        ? group.results.map((r) => card(summary, r)).join('\n')
        : `<section class="group"><h3 class="cause">${group.results.length} failures share <code>${escapeHtml(group.parameter)}</code> in their failing request: likely one cause</h3>\n` +
          `${group.results.map((r) => card(summary, r)).join('\n')}</section>`,
    )
    .join('\n');
  return `<section id="failures"><h2>Failures and checks without a verdict (${failures.length})</h2>\n${groups}</section>`;
}

/** The run's budget, plan and depth in one paragraph. */
function planParagraph(summary: RunSummary): string {
  if (!summary.budget) return '';
  const plan = summary.plan;
  const least = plan?.leastCases
    ? `; fewest cases: ${plan.leastCases.cases} of ${plan.leastCases.full} (${plan.leastCases.id})`
    : '';
  const deepening = plan
    ? plan.checks === 0
      ? `${planOpening(plan)}; no check to deepen`
      : `${planOpening(plan)}; deepening ${plan.checks} checks to ${planDepthWords(plan)}${least}`
    : 'no plan';
  return (
    `<p id="plan">Budget: ${escapeHtml(summary.budget.explanation)} · ${escapeHtml(deepening)} · ` +
    `depth: ${summary.depth.full} checks full, ${summary.depth.reduced} reduced · ` +
    `${summary.cacheHits} requests answered by the run's cache</p>`
  );
}

function verdictParagraph(summary: RunSummary): string {
  if (summary.fatal !== undefined) {
    return `<p id="verdict" class="verdict error">Could not run (exit 2): ${escapeHtml(summary.fatal)}</p>`;
  }
  return summary.exitCode === 0
    ? `<p id="verdict" class="verdict pass">Passed (exit 0): no must check failed, errored or went unrun</p>`
    : `<p id="verdict" class="verdict fail">Failed (exit ${summary.exitCode}): ${escapeHtml(summary.failedBecause ?? '')}</p>`;
}

export function renderHtml(run: CollectedRun): string {
  const { summary } = run;
  const rows = summary.results
    .map((r) => {
      const note = r.status === 'pass' ? '' : escapeHtml(oneLineWhy(r));
      const cost =
        (r.fullCases !== undefined
          ? `${r.cases ?? 0}/${r.fullCases} cases${r.depth === 'reduced' ? ' (reduced)' : ''}, `
          : '') + `${r.requests} req, ${(r.durationMs / 1000).toFixed(1)} s`;
      const id = isFailure(r)
        ? `<a href="#failure-${escapeHtml(r.id)}"><code>${escapeHtml(r.id)}</code></a>`
        : `<code>${escapeHtml(r.id)}</code>`;
      return (
        `<tr data-status="${r.status}" id="${escapeHtml(r.id)}">` +
        `<td class="${r.status}">${r.status}</td><td>${id}</td>` +
        `<td>${escapeHtml(r.level)}</td><td>${escapeHtml(r.title)}</td><td>${escapeHtml(r.source)}</td>` +
        `<td>${cost}</td><td>${note}</td></tr>`
      );
    })
    .join('\n');
  const facts = Object.entries(run.discovery?.facts ?? {})
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v ?? '—')}</td></tr>`)
    .join('');
  const states = (summary.states ?? [])
    .map(
      (s) =>
        `<tr><th>${escapeHtml(s.state)}</th><td class="${s.found === 'missing' ? 'skipped' : 'pass'}">${s.found}</td>` +
        `<td>${s.example ?? '—'}</td><td>${escapeHtml(s.source)}</td><td>${s.found === 'missing' ? escapeHtml(s.supply) : ''}</td></tr>`,
    )
    .join('');
  const filters = STATUS_ORDER.map(
    (s) =>
      `<label title="${escapeHtml(STATUSES[s].meaning)}"><input type="checkbox" data-filter="${s}" checked> ${s} (${summary.counts[s]})</label>`,
  ).join(' ');
  const legend = STATUS_ORDER.map(
    (s) => `<dt class="${s}">${s}</dt><dd>${escapeHtml(STATUSES[s].meaning)}</dd>`,
  ).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance — ${escapeHtml(summary.baseUrl)}</title>
<style>
*{box-sizing:border-box}
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;max-width:100%;overflow-wrap:anywhere}
h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.15em;margin:1em 0 .4em}h3{font-size:1em;margin:0 0 .3em}
table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ccc;padding:.3em .5em;text-align:left;vertical-align:top}
#checks{table-layout:fixed;width:100%}
#checks col.status{width:5.5em}#checks col.id{width:19em}#checks col.level{width:4.5em}#checks col.cost{width:11em}
code{overflow-wrap:anywhere}
.pass{color:#176c2a}.fail{color:#b00020;font-weight:bold}.error,.timeout{color:#8a4b00;font-weight:bold}.skipped{color:#666}.notrun{color:#8a4b00}
.verdict{font-size:1.1em;font-weight:bold;padding:.4em .6em;border-radius:4px;margin:.4em 0}
.verdict.pass{background:#e6f4ea}.verdict.fail,.verdict.error{background:#fde7e9;color:#b00020}
pre{white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word;margin:0;font-size:12px}
pre.curl{background:#f4f4f4;padding:.2em .4em}
article.failure{border:1px solid #e3c3c7;border-left:4px solid #b00020;border-radius:4px;padding:.5em .7em;margin:.5em 0}
article.failure[data-status="notrun"],article.failure[data-status="error"],article.failure[data-status="timeout"]{border-left-color:#8a4b00}
.why{margin:.1em 0 .3em;font-weight:600}
.meta{color:#666;font-weight:normal;font-size:.9em}.title{font-weight:normal}
section.group{border:1px dashed #b00020;border-radius:4px;padding:.4em .6em;margin:.6em 0}
dl{margin:0;display:grid;grid-template-columns:9.5em minmax(0,1fr);gap:.15em .6em}dt{font-weight:bold;overflow-wrap:normal}dd{margin:0;min-width:0}
.hidden{display:none}
</style></head><body>
<h1>Game Directory API conformance</h1>
${verdictParagraph(summary)}
<p>Base URL <code>${escapeHtml(summary.baseUrl)}</code> · seed <code>${summary.seed}</code> · ${summary.runs} runs per property ·
${summary.requests} requests · ${(summary.durationMs / 1000).toFixed(1)} s · started ${escapeHtml(summary.startedAt)}</p>
${failuresSection(summary)}
${planParagraph(summary)}
<table id="summary"><tr><th></th>${STATUS_ORDER.map((s) => `<th>${s}</th>`).join('')}</tr>
<tr><th>all</th>${countsCells(summary.counts)}</tr>
<tr><th>must</th>${countsCells(summary.byLevel.must)}</tr>
<tr><th>profile</th>${countsCells(summary.byLevel.profile)}</tr></table>
<details><summary>What the statuses mean</summary><dl>${legend}</dl></details>
<details><summary>Discovery</summary><table>${facts}</table></details>
<details${(summary.states ?? []).some((s) => s.found === 'missing') ? ' open' : ''}><summary>States exercised</summary><table><tr><th>State</th><th>Found</th><th>Example</th><th>Source</th><th>Supplied by</th></tr>${states}</table></details>
<h2>All checks</h2>
<p>Show: ${filters}</p>
<table id="checks"><colgroup><col class="status"><col class="id"><col class="level"><col><col><col class="cost"><col></colgroup>
<thead><tr><th>Status</th><th>Id</th><th>Level</th><th>Title</th><th>Source</th><th>Cost</th><th>Note</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<script>
for (const box of document.querySelectorAll('input[data-filter]')) {
  box.addEventListener('change', () => {
    const shown = new Set([...document.querySelectorAll('input[data-filter]:checked')].map((b) => b.dataset.filter));
    for (const row of document.querySelectorAll('#checks tbody tr')) row.classList.toggle('hidden', !shown.has(row.dataset.status));
  });
}
</script>
</body></html>
`;
}

export function createHtmlReporter(dir: string): RunListener {
  return collectRun(async (run) => {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, HTML_REPORT_NAME), renderHtml(run));
  });
}
