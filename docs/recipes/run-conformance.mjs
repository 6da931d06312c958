// Recipe: the conformance suite from your own code (a plain Node 22.19+/24 ES module).
//   npm i -D game-directory-api-toolkit
//   GAMEDIR_BASE_URL=https://staging.example/api/v1 GAMEDIR_API_KEY=… node run-conformance.mjs
// runConformance takes the CLI's options as an object and resolves with the run's summary (the
// JSON report's shape); listeners receive the event stream as the run goes. Tested by
// conformance/test/package.test.ts against the reference server, from an installed tarball.
import { runConformance } from 'game-directory-api-toolkit';

const seen = new Set();
const summary = await runConformance({
  baseUrl: process.env.GAMEDIR_BASE_URL,
  apiKey: process.env.GAMEDIR_API_KEY,
  only: ['tags', 'auth'],
  runs: 5,
  listeners: [(event) => void seen.add(event.type)],
});

const failed = summary.results.filter((result) => result.status === 'fail').map((result) => result.id);
console.log(
  JSON.stringify({
    exitCode: summary.exitCode,
    checks: summary.results.length,
    passed: summary.counts.pass,
    failed,
    requests: summary.requests,
    events: [...seen],
  }),
);
process.exitCode = summary.exitCode;
