/**
 * `npx tsx scripts/fault-matrix.ts [--runs N] [--max-requests N] [fault …]` — runs the whole suite against
 * the reference server once per deliberate fault (all faults by default) and prints
 * which checks each fault makes fail, as a Markdown table. This is how the killing
 * checks in conformance/test/fault-killers.ts were chosen; rerun it after adding checks.
 * The slow rate-limit exhaustion checks run only for the rate-limit faults.
 */
import { FAULTS, type FaultName } from '../reference-server/src/faults.ts';
import { FAULT_KILLERS } from '../conformance/test/fault-killers.ts';
import { runSuiteAgainstReference, skipFor } from '../conformance/test/run-against-reference.ts';
import { chosenFrom, integerOption, parseScriptArgs } from './parse-script-args.ts';

const USAGE = `Usage: npx tsx scripts/fault-matrix.ts [--runs N] [--max-requests N] [fault …]

  --runs N            cases per property (default 20)
  --max-requests N    the runs' request budget
  fault …             deliberate faults to run (default all; \`npm start -- --list-faults\` lists them)
`;
const { values, positionals: chosen } = parseScriptArgs(USAGE, {
  runs: { type: 'string', default: '20' },
  'max-requests': { type: 'string' },
});
const runs = integerOption(USAGE, 'runs', values.runs, 1)!;
const maxRequests = integerOption(USAGE, 'max-requests', values['max-requests'], 1);
const faults = chosenFrom(USAGE, FAULTS, chosen, 'fault').map((f) => f.name);

process.stdout.write('| fault | exit | failing checks |\n|---|---|---|\n');
const escaped: string[] = [];
for (const fault of faults) {
  const run = await runSuiteAgainstReference({
    faults: [fault],
    runs,
    ...(maxRequests !== undefined ? { maxRequests } : {}),
    skip: skipFor(fault),
    // The hints a user would give where a black box cannot find something (as the fault tests do).
    hints: FAULT_KILLERS[fault as FaultName]?.hints === true,
  });
  const errored = run.errored.length > 0 ? ` (errors: ${run.errored.join(', ')})` : '';
  process.stdout.write(`| ${fault} | ${run.exitCode} | ${run.failing.join(', ') || '—'}${errored} |\n`);
  if (run.failing.length === 0) escaped.push(fault);
}
const killed = faults.length - escaped.length;
process.stdout.write(
  `\nKilled ${killed} of ${faults.length} faults (${Math.round((100 * killed) / faults.length)}%)` +
    `${maxRequests !== undefined ? ` at --max-requests ${maxRequests}` : ''}, --runs ${runs}` +
    `${escaped.length > 0 ? `; escaped: ${escaped.join(', ')}` : ''}\n`,
);
