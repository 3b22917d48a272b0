import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeMember, type Json } from '../setup/accounts';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The seed's calls as the seed's clients send them (PRODUCT-SPEC.md's call list): fields the contract
 * added later are optional, and fields those clients send that the contract does not need are accepted.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const zoneOf = async (email: string) =>
  (await t.pool.query<{ time_zone: string }>('select time_zone from users where email = $1', [email])).rows[0]
    ?.time_zone;

describe('POST accounts/register/ without time_zone', () => {
  for (const [language, zone] of [
    ['ru', 'Europe/Moscow'],
    ['de', 'Europe/Berlin'],
    ['en', 'UTC'],
  ] as const) {
    it(`registers a ${language} newcomer in ${zone}`, async () => {
      const email = `seed-${language}-${String(Date.now())}@test.atrium`;
      const res = await call(t, 'POST', '/api/accounts/register/', {
        body: { email, password: 'seed-password-1', first_name: 'Sid', last_name: 'Seed' },
        headers: { 'accept-language': language },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await zoneOf(email)).toBe(zone);
    });
  }

  it('still takes the browser zone when it is sent, and refuses a zone that does not exist', async () => {
    const email = `seed-tz-${String(Date.now())}@test.atrium`;
    const body = { email, password: 'seed-password-1', first_name: 'Sid', last_name: 'Seed' };
    const bad = await call(t, 'POST', '/api/accounts/register/', { body: { ...body, time_zone: 'Mars/Olympus' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<Json>())).toEqual(['time_zone']);
    const ok = await call(t, 'POST', '/api/accounts/register/', { body: { ...body, time_zone: 'Asia/Tokyo' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await zoneOf(email)).toBe('Asia/Tokyo');
  });
});

describe('POST subscription/package_purchase/ with the period the package was picked under', () => {
  it('buys with the package’s own period, and refuses another period on that field', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const packages = (await call(t, 'POST', '/api/subscription/packages/', { token, body: {} })).json<Json[]>();
    const pkg = packages[0] as { id: number; period: { id: number } };
    const other = (
      await t.pool.query<{ id: number }>('select id from subscription_periods where id <> $1', [pkg.period.id])
    ).rows[0]!.id;
    const wrong = await call(t, 'POST', '/api/subscription/package_purchase/', {
      token,
      body: { package: pkg.id, period: other },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ period: ['This package is not sold for that period'] });
    const buy = await call(t, 'POST', '/api/subscription/package_purchase/', {
      token,
      body: { package: pkg.id, period: pkg.period.id },
    });
    expect(buy.statusCode, buy.body).toBe(200);
    expect(buy.json<Json>().payment_url).toEqual(expect.any(String));
  });
});
