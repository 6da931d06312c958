import { mkdtempSync, openSync, closeSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchedDestination } from './log-destination.ts';

const dir = mkdtempSync(join(tmpdir(), 'log-destination-'));
let opened: Array<{ fd: number; destination: BatchedDestination }> = [];

function open(name: string, options: { minChars?: number; flushMs?: number } = {}) {
  const file = join(dir, name);
  const fd = openSync(file, 'w');
  const destination = new BatchedDestination({ fd, ...options });
  opened.push({ fd, destination });
  return { destination, read: () => readFileSync(file, 'utf8') };
}

afterEach(() => {
  for (const { fd, destination } of opened) {
    destination.end();
    closeSync(fd);
  }
  opened = [];
});

describe('BatchedDestination', () => {
  it('holds lines below the threshold and writes them, in order, once it is reached', () => {
    const { destination, read } = open('threshold.log', { minChars: 100, flushMs: 60_000 });
    destination.write(`${'a'.repeat(40)}\n`);
    destination.write(`${'b'.repeat(40)}\n`);
    expect(read()).toBe('');
    destination.write(`${'c'.repeat(40)}\n`); // 123 characters pending: written
    expect(read()).toBe(`${'a'.repeat(40)}\n${'b'.repeat(40)}\n${'c'.repeat(40)}\n`);
    destination.write('d\n');
    expect(read()).toHaveLength(123);
    destination.flushSync();
    expect(read().endsWith('c\nd\n')).toBe(true);
  });

  it('writes a pending line within its flush interval', async () => {
    const { destination, read } = open('periodic.log', { minChars: 4096, flushMs: 20 });
    destination.write('only line\n');
    expect(read()).toBe('');
    const until = Date.now() + 2_000;
    while (read() === '' && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(read()).toBe('only line\n');
  });

  it('carries pino lines byte for byte, multi-byte characters included', () => {
    const { destination, read } = open('pino.log', { minChars: 512, flushMs: 60_000 });
    const logger = pino({ base: null, timestamp: false }, destination);
    const expected: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      const label = i % 7 === 0 ? `clé-${i}-ünïcødé-🐉` : `key-${i}`;
      logger.info({ i, label }, 'request');
      expected.push(JSON.stringify({ level: 30, i, label, msg: 'request' }));
    }
    destination.flushSync();
    expect(read()).toBe(`${expected.join('\n')}\n`);
  });
});
