import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeMember, type Json } from '../setup/accounts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../setup/test-app';
import { LocalStripe } from '../e2e/support/stripe-server';
import { rows } from './payments-support';

/**
 * The real server process (npx tsx src/server/main.ts) is killed with SIGKILL after a Stripe event
 * is received and before it is acknowledged — once before its transaction commits, once after —
 * then restarted; the provider redelivers. Exactly one payment and one activation either way.
 */
let t: TestApp;
const stripe = new LocalStripe();
let proId: number;
const env = () => ({
  ...process.env,
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

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) =>
    s.close(() => {
      r();
    }),
  );
  return port;
}

type Server = { proc: ChildProcess; url: string; stderr: () => string };

async function startServer(pause?: 'before_commit' | 'after_commit'): Promise<Server> {
  const port = await freePort();
  const proc = spawn('npx', ['tsx', 'src/server/main.ts'], {
    env: {
      ...env(),
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(pause && { ATRIUM_TEST_WEBHOOK_PAUSE: pause }),
    },
    // Its own process group, so SIGKILL reaches npx, tsx and the server alike.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${err}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`server did not start: ${err}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { proc, url, stderr: () => err };
}

async function kill9(s: Server) {
  const exited = new Promise((r) => s.proc.once('exit', r));
  process.kill(-s.proc.pid!, 'SIGKILL');
  await exited;
}

function deliver(s: Server, payload: string) {
  return fetch(`${s.url}/api/payments/webhook/stripe/`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
  });
}

async function waitForText(s: Server, text: string) {
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
