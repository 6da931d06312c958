import { runSuiteAgainstReference, skipFor } from './test/run-against-reference.ts';
for (const fault of ['timestamps-with-millis', 'raw-history-500', 'cors-enabled']) {
  const t0 = Date.now(); const c0 = process.cpuUsage();
  const run = await runSuiteAgainstReference({ faults: [fault], runs: 100, maxRequests: 600, skip: skipFor(fault) });
  const c = process.cpuUsage(c0);
  console.log(fault, 'exit', run.exitCode, 'wall ms', Date.now() - t0, 'cpu ms', Math.round((c.user + c.system) / 1000), 'requests', run.report?.requests);
}
