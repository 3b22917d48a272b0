import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeMember, waitFor } from '../setup/accounts';
import { api } from '../setup/learning';
import { openEvents, type EventReader } from '../setup/sse';
import { auth, createTestApp, type TestApp } from '../setup/test-app';

/**
 * An open notification stream belongs to its session: a logout, a block or a password change (which
 * ends the other sessions) ends it within a second, heard through the database's sign-in notifications
 * as the session cache hears them. A HEAD on the stream answers at once and holds no stream.
 */
let t: TestApp;
let base: string;
const readers: EventReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  // The server ends the streams a test leaves open (ending every session, which this file shows ends
  // them): a reader that aborts instead can keep the worker's teardown waiting.
  await t.pool.query('update sessions set ended_at = now() where ended_at is null');
  await Promise.all(readers.splice(0).map((r) => r.ended));
  await waitFor(() => Promise.resolve(t.app.ctx.push.size === 0), 'the streams to close', 5000);
});
afterAll(async () => {
  await t.close();
});

async function stream(token: string): Promise<EventReader> {
  const r = await openEvents(`${base}/api/notifications/stream/`, auth(token));
  readers.push(r);
  expect(r.status).toBe(200);
  await r.waitFor('ready');
  return r;
}

/** Resolves to 'ended' when the stream ends within `ms`, else to 'open'. */
const endsWithin = (r: EventReader, ms: number) =>
  Promise.race([
    r.ended.then(() => 'ended'),
    new Promise<string>((resolve) => {
      setTimeout(() => {
        resolve('open');
      }, ms);
    }),
  ]);

async function signedInMember() {
  const m = await makeMember(t);
  return { ...m, token: await t.login(m.email, m.password) };
}

describe('the stream ends with its session', () => {
  it('on logout, and only that session’s stream', async () => {
    const m = await signedInMember();
    const other = await t.login(m.email, m.password);
    const [s, kept] = [await stream(m.token), await stream(other)];
    expect((await api(t, 'POST', '/api/accounts/logout/', { token: m.token })).statusCode).toBe(200);
    expect(await endsWithin(s, 1000)).toBe('ended');
    expect(await endsWithin(kept, 300)).toBe('open');
  });

  it('on block', async () => {
    const m = await signedInMember();
    const s = await stream(m.token);
    await t.pool.query('update users set is_blocked = true where id = $1', [m.id]);
    expect(await endsWithin(s, 1000)).toBe('ended');
  });

  it('on a password change: every session’s stream, the changer’s too (it goes on with its new token)', async () => {
    const m = await signedInMember();
    const changer = await t.login(m.email, m.password);
    const [s, own] = [await stream(m.token), await stream(changer)];
    const res = await api(t, 'PUT', '/api/accounts/me/', {
      token: changer,
      body: { old_password: m.password, password: 'changed-password-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await endsWithin(s, 1000)).toBe('ended');
    // The changing session got a new token and its old one ended (issue #37): its stream with it.
    expect(await endsWithin(own, 1000)).toBe('ended');
    const renewed = await stream(res.json<{ token: string }>().token);
    expect(await endsWithin(renewed, 300)).toBe('open');
  });

  it('but not on a change that keeps the session (the language)', async () => {
    const m = await signedInMember();
    const s = await stream(m.token);
    await t.pool.query(`update users set language = 'de' where id = $1`, [m.id]);
    expect(await endsWithin(s, 500)).toBe('open');
  });
});

describe('HEAD on the stream', () => {
  it('answers at once with the head and holds no stream', async () => {
    const m = await signedInMember();
    const before = t.app.ctx.push.size;
    const res = await fetch(`${base}/api/notifications/stream/`, {
      method: 'HEAD',
      headers: auth(m.token),
      signal: AbortSignal.timeout(2000),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(t.app.ctx.push.size).toBe(before);
  });
});
