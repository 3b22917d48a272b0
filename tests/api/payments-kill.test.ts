import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeMember, type Json } from '../setup/accounts';
import { freePort } from '../../src/server/db/embedded';
import { startServerProcess, stopServerProcesses, waitHealthy, type ServerProcess } from '../setup/server-process';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../setup/test-app';
import { LocalStripe } from '../e2e/support/stripe-server';
import { rows } from './payments-support';

/**
 * The real server process (the built server, as `npm start` runs it) is killed with SIGKILL after a Stripe event
 * is received and before it is acknowledged — once before its transaction commits, once after —
 * then restarted; the provider redelivers. Exactly one payment and one activation either way.
 */
let t: TestApp;
const stripe = new LocalStripe();
let proId: number;
const env = () => ({
  DATABASE_URL: t.databaseUrl,
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-kill-')),
  JWT_SECRET: TEST_JWT_SECRET,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  TEST_CLOCK: '1',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_atrium',
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_BASE: stripe.url,
});

async function startServer(pause?: 'before_commit' | 'after_commit'): Promise<ServerProcess> {
  const port = await freePort();
  const s = await startServerProcess({
    ...env(),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
    ...(pause && { ATRIUM_TEST_WEBHOOK_PAUSE: pause }),
  });
  await waitHealthy(s, 60_000);
  return s;
}

async function kill9(s: ServerProcess) {
  process.kill(-s.pid, 'SIGKILL');
  await s.exited;
}

function deliver(s: ServerProcess, payload: string) {
  return fetch(`${s.base}/api/payments/webhook/stripe/`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
  });
}

async function waitForText(s: ServerProcess, text: string) {
  const until = Date.now() + 30_000;
  while (!s.stderr().includes(text)) {
    if (Date.now() > until) throw new Error(`no "${text}" in ${s.stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function purchase() {
  const m = await makeMember(t);
  const token = await t.login(m.email, m.password);
  const res = await call(t, 'POST', '/api/subscription/package_purchase/', { token, body: { package: proId } });
  const sessionId = (res.json<Json>().payment_url as string).split('/').pop()!;
  return { m, payload: stripe.completedEvent(sessionId) };
}

const state = async (userId: number) => ({
  payments: await rows(t, 'select state from payments where user_id = $1', [userId]),
  packages: await rows(t, 'select status from user_packages where user_id = $1', [userId]),
});

beforeAll(async () => {
  await stripe.start();
  t = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_atrium',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  });
  proId = (await rows<{ id: number }>(t, `select id from packages where name = 'Pro'`))[0]!.id;
}, 60_000);
afterAll(async () => {
  await stopServerProcesses();
  await t.close();
  await stripe.stop();
});

describe('SIGKILL between receiving a webhook and acknowledging it', () => {
  it.each(['before_commit', 'after_commit'] as const)(
    'killed %s: after restart and redelivery, one payment and one activation',
    async (point) => {
      const { m, payload } = await purchase();
      const first = await startServer(point);
      const answer = deliver(first, payload).then(
        (r) => r.status,
        () => 'no answer',
      );
      await waitForText(first, `ATRIUM_WEBHOOK_PAUSED ${point}`);
      await kill9(first);
      expect(await answer).toBe('no answer');
      expect(await state(m.id)).toEqual(
        point === 'before_commit'
          ? { payments: [{ state: 'pending' }], packages: [{ status: 'pending' }] }
          : { payments: [{ state: 'paid' }], packages: [{ status: 'active' }] },
      );

      const second = await startServer();
      try {
        const res = await deliver(second, payload);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ received: true, duplicate: point === 'after_commit' });
        expect((await deliver(second, payload)).status).toBe(200);
      } finally {
        await kill9(second);
      }
      expect(await state(m.id)).toEqual({ payments: [{ state: 'paid' }], packages: [{ status: 'active' }] });
      expect(
        await rows(t, 'select count(*)::int as n from provider_events where event_id = $1', [JSON.parse(payload).id]),
      ).toEqual([{ n: 1 }]);
    },
    180_000,
  );
});
