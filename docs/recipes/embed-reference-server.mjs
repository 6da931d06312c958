// Recipe: the reference server inside your own tests, with its clock in your hands.
// In a vitest (or node:test) file, start it in beforeAll and close it in afterAll; the
// ManualClock moves the API's "now": a new rate-limit minute or a new UTC day at once,
// without waiting. (A vitest globalSetup can start it too and `provide` the base URL; the
// clock then stays in the globalSetup's process.) Run as a script, this recipe shows both
// moves and asserts what the API answers. Tested by conformance/test/package.test.ts from an
// installed tarball.
import assert from 'node:assert/strict';
import { ManualClock, startReferenceServer } from 'game-directory-api-toolkit/reference-server';

// beforeAll:
const clock = new ManualClock(Date.parse('2026-11-22T12:00:10Z'));
const server = await startReferenceServer({ clock, games: 50 });

const get = async (key) => {
  const response = await fetch(`${server.baseUrl}/tags`, { headers: { authorization: `Bearer ${key}` } });
  await response.arrayBuffer();
  return response.status;
};

try {
  // The low-limit key allows 5 requests a minute: the 6th is refused…
  const low = server.keys['low-limit'];
  const statuses = [];
  for (let i = 0; i < 6; i += 1) statuses.push(await get(low));
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
  // …until the next minute, at once.
  clock.toNextMinute();
  assert.equal(await get(low), 200);

  // The day-limited key allows 3 requests a UTC day: refused after them, in later minutes too…
  const daily = server.keys['day-limited'];
  for (let i = 0; i < 3; i += 1) assert.equal(await get(daily), 200);
  assert.equal(await get(daily), 429);
  clock.advance(10 * 60_000);
  assert.equal(await get(daily), 429);
  // …until the next UTC midnight.
  clock.toNextUtcMidnight();
  assert.equal(await get(daily), 200);
  console.log(JSON.stringify({ ok: true, baseUrl: server.baseUrl }));
} finally {
  // afterAll:
  await server.close();
}
