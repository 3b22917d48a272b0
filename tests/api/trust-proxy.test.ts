import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../../src/server/services/login-throttle';
import { createTestApp, auth, type TestApp } from '../setup/test-app';
import { makeMember, type Json } from '../setup/accounts';

/**
 * Behind a proxy that appends the peer to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for, an AWS
 * ALB), the leftmost entries are whatever the client sent. TRUST_PROXY believes only the proxies' own
 * entries, so a forged leftmost address neither escapes the per-address limits nor shows up among the
 * signed-in devices.
 */
const PROXY = '10.0.0.2';
const REAL = '198.51.100.77';
let forged = 0;
const nextForged = () => `203.0.113.${String((forged++ % 250) + 1)}`;

function throughProxy(t: TestApp, method: 'GET' | 'POST', url: string, body?: Record<string, string>, token?: string) {
  return t.app.inject({
    method,
    url,
    remoteAddress: PROXY,
    ...(body && { payload: body }),
    headers: {
      'x-forwarded-for': `${nextForged()}, ${REAL}`,
      'accept-language': 'en',
      ...(token && auth(token)),
    },
  });
}

for (const [label, trust] of [
  ['a hop count', '1'],
  ['a CIDR list', '192.0.2.1, 10.0.0.0/8'],
] as const) {
  describe(`TRUST_PROXY as ${label} (${trust})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: trust } });
    });
    afterAll(async () => {
      await t.close();
    });

    it('slows 40 wrong logins from one address whatever leftmost address each one forges', async () => {
      const m = await makeMember(t);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++)
        statuses.push(
          (await throughProxy(t, 'POST', '/api/accounts/login/', { username: m.email, password: `guess-${i}` }))
            .statusCode,
        );
      expect(statuses.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(400));
      expect(statuses.slice(FREE_FAILURES)).toEqual(Array(40 - FREE_FAILURES).fill(429));
    });

    it('refuses the 21st reset request an hour from one address, each with a forged leftmost address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++)
        statuses.push(
          (await throughProxy(t, 'POST', '/api/password_reset/', { email: `nobody-${String(i)}@x.example` }))
            .statusCode,
        );
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    });

    it('lists the signed-in device with its real address', async () => {
      const m = await makeMember(t);
      const res = await throughProxy(t, 'POST', '/api/accounts/login/', { username: m.email, password: m.password });
      expect(res.statusCode).toBe(200);
      const token = res.json<Json>().token as string;
      const list = await throughProxy(t, 'GET', '/api/accounts/sessions/', undefined, token);
      expect(list.json<Json[]>().map((s) => s.ip)).toEqual([REAL]);
    });
  });
}

describe('TRUST_PROXY with addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('believes no X-Forwarded-For from a peer outside the list', async () => {
    const m = await makeMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      remoteAddress: REAL,
      payload: { username: m.email, password: m.password },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const token = res.json<Json>().token as string;
    const list = await t.app.inject({ method: 'GET', url: '/api/accounts/sessions/', headers: auth(token) });
    expect(list.json<Json[]>().map((s) => s.ip)).toEqual([REAL]);
  });
});
