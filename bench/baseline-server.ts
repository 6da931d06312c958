/**
 * The bench's baselines: the same response bytes the reference server produced, served
 * precomputed by (a) a bare Express 5 route and (b) a raw `node:http` handler. Bodies come
 * from a JSON file `{ "bodies": { "<path and query>": "<body>" }, "anyGamesQuery"?: "<body>" }`:
 * anyGamesQuery answers every other GET /games query (the bench's distinct queries); a request
 * for any other URL gets 404.
 * Usage: tsx bench/baseline-server.ts express|node-http <bodies.json>
 *        tsx bench/baseline-server.ts express-busy <bodies.json> <µs>
 * `express-busy` is the Express route doing what any computed answer does beyond it: `<µs>` of
 * CPU of its own (a busy loop), then the body copied into a new Buffer (bench/floor.ts).
 * Prints `baseline: http://127.0.0.1:<port>` when listening.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

const [mode, file, busyArg] = process.argv.slice(2);
const busy = mode === 'express-busy';
const busyMs = busy ? Number(busyArg) / 1000 : 0;
const given = JSON.parse(readFileSync(file!, 'utf8')) as {
  bodies: Record<string, string>;
  anyGamesQuery?: string;
};
const bodies = new Map(Object.entries(given.bodies).map(([url, body]) => [url, Buffer.from(body)]));
const anyGamesQuery = given.anyGamesQuery === undefined ? undefined : Buffer.from(given.anyGamesQuery);

/** The body of `url`: its own, else anyGamesQuery's for a GET /games query. */
function bodyOf(url: string): Buffer | undefined {
  return bodies.get(url) ?? (/^\/api\/v1\/games(\?|$)/.test(url) ? anyGamesQuery : undefined);
}

/** `express-busy`: the work of its own, then a body written afresh, as a computed answer is. */
function computed(body: Buffer): Buffer {
  const until = performance.now() + busyMs;
  while (performance.now() < until);
  return Buffer.from(body);
}

function rawHandler(req: IncomingMessage, res: ServerResponse): void {
  const body = bodyOf(req.url ?? '');
  res.writeHead(body ? 200 : 404, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body?.length ?? 0,
  });
  res.end(body);
}

const server =
  mode === 'express' || mode === 'express-busy'
    ? createServer(
        express()
          .disable('x-powered-by')
          .set('etag', false)
          .get('/api/v1/*path', (req, res) => {
            const body = bodyOf(req.originalUrl);
            if (body) res.type('application/json').send(busy ? computed(body) : body);
            else res.sendStatus(404);
          }),
      )
    : createServer(rawHandler);
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`baseline: http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
