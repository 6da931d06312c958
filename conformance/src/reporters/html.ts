/**
 * HTML reporter: `reports/conformance.html`, one self-contained page (no external assets):
 * summary, a table of checks with status filters, failure details. Everything from the
 * run is escaped.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckResult, CheckStatus } from '../core/check.ts';
import { replayCommand, type RunListener, type StatusCounts } from '../core/events.ts';
import { collectRun, type CollectedRun } from './report-collector.ts';

export const HTML_REPORT_NAME = 'conformance.html';

const STATUSES: CheckStatus[] = ['pass', 'fail', 'error', 'skipped', 'notrun'];

export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function countsCells(counts: StatusCounts): string {
  return STATUSES.map((s) => `<td class="${s}">${counts[s]}</td>`).join('');
}

function detailsOf(run: CollectedRun, result: CheckResult): string {
  const f = result.failure;
  const rows: Array<[string, string | undefined]> = [
    ['Message', f?.message ?? result.reason],
    ['Expected', f?.expected],
    ['Received', f?.received],
    ['Counterexample', f?.property?.counterexample],
    [
      'Property',
      f?.property
        ? `seed ${f.property.seed}, path ${f.property.path}, ${f.property.numRuns} runs`
        : undefined,
    ],
    ['Request', f?.request?.curl],
    ['Response', f?.responseExcerpt],
    ['Replay', replayCommand(run.summary, result)],
  ];
  return rows
    .filter((row): row is [string, string] => row[1] !== undefined && row[1] !== '')
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd><pre>${escapeHtml(value)}</pre></dd>`)
    .join('');
}

/** The run's budget, plan and depth in one paragraph. */
function planParagraph(summary: CollectedRun['summary']): string {
  if (!summary.budget) return '';
  const plan = summary.plan;
  const least = plan?.leastCases
    ? `; fewest cases: ${plan.leastCases.cases} of ${plan.leastCases.full} (${plan.leastCases.id})`
    : '';
  const deepening = plan
    ? plan.checks === 0
      ? 'every check reached full depth in its first pass'
      : `deepening ${plan.checks} checks to ${Math.round(plan.share * 100)}% of full depth${least}`
    : 'no plan';
  return (
    `<p id="plan">Budget: ${escapeHtml(summary.budget.explanation)} · ${escapeHtml(deepening)} · ` +
    `depth: ${summary.depth.full} checks full, ${summary.depth.reduced} reduced · ` +
    `${summary.cacheHits} requests answered by the run's cache</p>`
  );
}

export function renderHtml(run: CollectedRun): string {
  const { summary } = run;
  const rows = summary.results
    .map((r) => {
      const detail =
        r.status === 'fail' || r.status === 'error'
          ? `<tr class="detail" data-status="${r.status}"><td colspan="7"><dl>${detailsOf(run, r)}</dl></td></tr>`
          : '';
      const note = r.status === 'pass' ? '' : escapeHtml((r.reason ?? '').split('\n')[0]);
      return (
        `<tr data-status="${r.status}" id="${escapeHtml(r.id)}">` +
        `<td class="${r.status}">${r.status}</td><td><code>${escapeHtml(r.id)}</code></td>` +
        `<td>${escapeHtml(r.level)}</td><td>${escapeHtml(r.title)}</td><td>${escapeHtml(r.source)}</td>` +
        `<td>${r.fullCases !== undefined ? `${r.cases ?? 0}/${r.fullCases} cases${r.depth === 'reduced' ? ' (reduced)' : ''}, ` : ''}` +
        `${r.requests} req, ${(r.durationMs / 1000).toFixed(1)} s</td><td>${note}</td></tr>${detail}`
      );
    })
    .join('\n');
  const facts = Object.entries(run.discovery?.facts ?? {})
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v ?? '—')}</td></tr>`)
    .join('');
  const filters = STATUSES.map(
    (s) => `<label><input type="checkbox" data-filter="${s}" checked> ${s} (${summary.counts[s]})</label>`,
  ).join(' ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Conformance — ${escapeHtml(summary.baseUrl)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
.pass{color:#176c2a}.fail{color:#b00020;font-weight:bold}.error{color:#8a4b00;font-weight:bold}.skipped{color:#666}.notrun{color:#8a4b00}
pre{white-space:pre-wrap;margin:0;font-size:12px}dt{font-weight:bold;margin-top:.4em}dd{margin-left:1em}
tr.detail td{background:#fafafa}.hidden{display:none}
</style></head><body>
<h1>Game Directory API conformance</h1>
<p>Base URL <code>${escapeHtml(summary.baseUrl)}</code> · seed <code>${summary.seed}</code> · ${summary.runs} runs per property ·
${summary.requests} requests · ${(summary.durationMs / 1000).toFixed(1)} s · started ${escapeHtml(summary.startedAt)} · exit code ${summary.exitCode}</p>
${summary.fatal !== undefined ? `<p class="error">Could not run: ${escapeHtml(summary.fatal)}</p>` : ''}
${planParagraph(summary)}
<table id="summary"><tr><th></th>${STATUSES.map((s) => `<th>${s}</th>`).join('')}</tr>
<tr><th>all</th>${countsCells(summary.counts)}</tr>
<tr><th>must</th>${countsCells(summary.byLevel.must)}</tr>
<tr><th>profile</th>${countsCells(summary.byLevel.profile)}</tr></table>
<details><summary>Discovery</summary><table>${facts}</table></details>
<p>Show: ${filters}</p>
<table id="checks"><thead><tr><th>Status</th><th>Id</th><th>Level</th><th>Title</th><th>Source</th><th>Cost</th><th>Note</th></tr></thead>
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
