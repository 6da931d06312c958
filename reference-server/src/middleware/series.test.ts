import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { inSeries } from './series.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** An app of one series, then a handler saying it was reached, then an error handler. */
async function serve(handlers: RequestHandler[]): Promise<(path?: string) => Promise<string>> {
  const app = express();
  app.use(inSeries(handlers));
  app.use((_req, res) => {
    res.send(`after:${(res.locals.trail as string[]).join(',')}`);
  });
  const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    res.status(500).send(`error:${error.message}:${(res.locals.trail as string[]).join(',')}`);
  };
  app.use(onError);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return async (path = '/') => (await request(`http://127.0.0.1:${port}${path}`)).body.text();
}

const mark =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    ((res.locals.trail ??= []) as string[]).push(name);
    next();
  };

describe('inSeries', () => {
  it('runs the handlers in order, then the next Express layer', async () => {
    const get = await serve([mark('a'), mark('b'), mark('c')]);
    expect(await get()).toBe('after:a,b,c');
  });

  it('lets a handler answer and stop the series', async () => {
    const get = await serve([mark('a'), (_req, res) => void res.send('answered'), mark('c')]);
    expect(await get()).toBe('answered');
  });

  it('goes on when a handler calls next later (asynchronously)', async () => {
    const later: RequestHandler = (_req, res, next) => {
      (res.locals.trail as string[]).push('later');
      setTimeout(() => next(), 5);
    };
    const get = await serve([mark('a'), later, mark('c')]);
    expect(await get()).toBe('after:a,later,c');
  });

  it('hands next(error), a throw and a rejected promise to the error handler, skipping the rest', async () => {
    const fail: RequestHandler = (_req, _res, next) => next(new Error('passed'));
    const raise: RequestHandler = () => {
      throw new Error('thrown');
    };
    const reject: RequestHandler = async () => {
      await Promise.resolve();
      throw new Error('rejected');
    };
    for (const [handler, message] of [
      [fail, 'passed'],
      [raise, 'thrown'],
      [reject, 'rejected'],
    ] as const) {
      const get = await serve([mark('a'), handler, mark('c')]);
      expect(await get()).toBe(`error:${message}:a`);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });
});
