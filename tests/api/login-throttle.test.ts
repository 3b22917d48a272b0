import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { ACCOUNT_CEILING, clientKey, FIRST_DELAY_MS, FREE_FAILURES } from '../../src/server/services/login-throttle';
import { createTestApp, type TestApp } from '../setup/test-app';
import { makeMember } from '../setup/accounts';

/**
 * Wrong logins are slowed per account and client address (services/login-throttle.ts): whoever guesses
 * waits longer and longer, the owner at another address does not wait at all.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';

const login = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    remoteAddress: ip,
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
  });

async function wrongLogins(username: string, ip: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await login(username, `guess-${i}`, ip)).statusCode);
  return statuses;
}

/** As if the address had waited `seconds`: its last counted try moves back that far. */
async function wait(account: string, ip: string, seconds: number) {
  await t.pool.query(
    `update login_failures set last_at = last_at - make_interval(secs => $3) where account = $1 and ip = $2`,
    [account, ip, seconds],
  );
}

const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('wrong logins per account and address', () => {
  it('does not stop the owner at another address when someone guesses elsewhere', async () => {
    const m = await makeMember(t);
    const statuses = await wrongLogins(m.email, ATTACKER, 12);
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(400), ...Array(12 - FREE_FAILURES).fill(429)]);
    // The right password from the guessing address waits too: a wait says nothing about the password.
    const guessed = await login(m.email, m.password, ATTACKER);
    expect(guessed.statusCode).toBe(429);
    expect(guessed.json()).toEqual({
      detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      code: 'throttled',
    });

    const owner = await login(m.email, m.password, OWNER);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
  });

  it('makes each further try wait twice as long', async () => {
    const m = await makeMember(t);
    const account = `user:${m.id}`;
    expect(await wrongLogins(m.email, ATTACKER, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(400));
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await login(m.email, 'guess-again', ATTACKER);
      expect(refused.statusCode).toBe(429);
      waits.push(retryAfter(refused));
      // Once the wait is over one more try is let through, and counted.
      await wait(account, ATTACKER, (FIRST_DELAY_MS / 1000) * 2 ** round);
      expect((await login(m.email, 'guess-again', ATTACKER)).statusCode).toBe(400);
    }
    const last = await login(m.email, m.password, ATTACKER);
    expect(last.statusCode).toBe(429);
    waits.push(retryAfter(last));
    const first = FIRST_DELAY_MS / 1000;
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(first);
    for (let i = 1; i < waits.length; i++) {
      expect(waits[i]).toBeGreaterThan(first * 2 ** (i - 1));
      expect(waits[i]).toBeLessThanOrEqual(first * 2 ** i);
    }
    const { rows } = await t.pool.query(`select failures from login_failures where account = $1 and ip = $2`, [
      account,
      ATTACKER,
    ]);
    expect(rows).toEqual([{ failures: FREE_FAILURES + 3 }]);
  });

  it('lets parallel tries through no further than the count allows', async () => {
    const m = await makeMember(t);
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(m.email, `guess-${i}`, ATTACKER).then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(FREE_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - FREE_FAILURES);
  });

  it('clears the count of an address when the login there succeeds', async () => {
    const m = await makeMember(t);
    expect(await wrongLogins(m.email, OWNER, FREE_FAILURES - 1)).toEqual(Array(FREE_FAILURES - 1).fill(400));
    expect((await login(m.email, m.password, OWNER)).statusCode).toBe(200);
    expect(await wrongLogins(m.email, OWNER, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(400));
  });

  it('counts email and phone logins of one account together', async () => {
    const m = await makeMember(t);
    await t.pool.query(`update users set phone = '+4915187654321' where id = $1`, [m.id]);
    const names = [m.email, '+49 151 8765 4321', m.email.toUpperCase(), '4915187654321', '+49 (151) 87654321'];
    const statuses: number[] = [];
    for (let i = 0; i < names.length; i++) statuses.push((await login(names[i]!, `guess-${i}`, ATTACKER)).statusCode);
    expect(statuses).toEqual(Array(FREE_FAILURES).fill(400));
    expect((await login(m.email, m.password, ATTACKER)).statusCode).toBe(429);
    expect((await login('+4915187654321', m.password, ATTACKER)).statusCode).toBe(429);
    const { rows } = await t.pool.query(`select account, failures from login_failures where ip = $1 and account = $2`, [
      ATTACKER,
      `user:${m.id}`,
    ]);
    expect(rows).toEqual([{ account: `user:${m.id}`, failures: FREE_FAILURES }]);
  });

  it('slows a name no account has just the same', async () => {
    const statuses = await wrongLogins(`nobody-${Date.now()}@test.atrium`, ATTACKER, FREE_FAILURES + 2);
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(400), 429, 429]);
  });

  it('counts an IPv6 client by its /64', async () => {
    const m = await makeMember(t);
    const statuses: number[] = [];
    for (let i = 1; i <= FREE_FAILURES + 1; i++)
      statuses.push((await login(m.email, `guess-${i}`, `2001:db8:1:2::${i.toString(16)}`)).statusCode);
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(400), 429]);
    // Another /64 is another client.
    expect((await login(m.email, m.password, '2001:db8:1:3::1')).statusCode).toBe(200);
    expect(clientKey('2001:DB8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('the per-account ceiling against guessing from many addresses', () => {
  it('holds back new addresses once an account had too many wrong logins, never one it signed in from', async () => {
    const m = await makeMember(t);
    expect((await login(m.email, m.password, OWNER)).statusCode).toBe(200);
    // Wrong logins from many addresses, each under its own count.
    for (let i = 1; i <= 4; i++) expect(await wrongLogins(m.email, `192.0.2.${i}`, 3)).toEqual([400, 400, 400]);
    const key = `login-failures:user:${m.id}`;
    const { rows } = await t.pool.query(`select hits from rate_limit_hits where key = $1`, [key]);
    expect(rows).toEqual([{ hits: 12 }]);
    // As if the rest of the hundred had come from further addresses.
    await t.pool.query(`update rate_limit_hits set hits = $2 where key = $1`, [key, ACCOUNT_CEILING]);

    const fresh = await login(m.email, m.password, '192.0.2.99');
    expect(fresh.statusCode).toBe(429);
    expect(retryAfter(fresh)).toBeGreaterThan(60);
    expect(retryAfter(fresh)).toBeLessThanOrEqual(3600);
    expect((await login(m.email, m.password, OWNER)).statusCode).toBe(200);
  });
});

describe('a blocked account', () => {
  it('answers the same whether the password is right or wrong', async () => {
    const m = await makeMember(t);
    await t.pool.query(`update users set is_blocked = true where id = $1`, [m.id]);
    const right = await login(m.email, m.password, OWNER);
    const wrong = await login(m.email, 'not-the-password', OWNER);
    expect(right.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(right.statusCode);
    expect(wrong.json()).toEqual(right.json());
    expect(right.json()).toEqual({ non_field_errors: [catalogues.en.login_failed] });
    // And a right password there is a failed try like any other.
    const { rows } = await t.pool.query(`select failures from login_failures where account = $1 and ip = $2`, [
      `user:${m.id}`,
      OWNER,
    ]);
    expect(rows).toEqual([{ failures: 2 }]);
  });

  it('answers the same for a deactivated account', async () => {
    const m = await makeMember(t);
    await t.pool.query(`update users set is_active = false where id = $1`, [m.id]);
    const right = await login(m.email, m.password, OWNER);
    const wrong = await login(m.email, 'not-the-password', OWNER);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(right.json());
  });
});
