import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelListener } from '../../src/server/db/listen';
import { waitFor } from '../setup/accounts';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

describe('the LISTEN connection', () => {
  it('logs when it is back after a loss, with how long it was down', async () => {
    const lines: { level: string; msg: string; obj: object }[] = [];
    const at = (level: string) => (obj: object, msg: string) => lines.push({ level, msg, obj });
    const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger;
    let downs = 0;
    const listener = new ChannelListener(
      { connectionString: t.databaseUrl, application_name: 'atrium-listen-log-test' },
      'atrium_listen_log_test',
      {
        notify: () => undefined,
        down: () => {
          downs++;
        },
      },
      log,
      'no connection yet',
    );
    await listener.start();
    try {
      expect(listener.isLive).toBe(true);
      // A connection that listened from the start has nothing to announce.
      expect(lines).toEqual([]);
      await t.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'atrium-listen-log-test'`,
      );
      const back = await waitFor(
        async () => Promise.resolve(lines.find((l) => l.msg.startsWith('LISTEN connection back'))),
        'the "back" line',
        10_000,
      );
      expect(downs).toBe(1);
      expect(back.level).toBe('info');
      expect(back.msg).toMatch(/^LISTEN connection back \(atrium_listen_log_test\) after \d+ s$/);
      expect(back.obj).toMatchObject({ channels: 'atrium_listen_log_test', downMs: expect.any(Number) });
      expect(listener.isLive).toBe(true);
    } finally {
      await listener.stop();
    }
  });
});
