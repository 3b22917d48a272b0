import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { clock } from '../../src/server/clock';
import { catalogues } from '../../src/server/i18n';
import { createTestApp, type TestApp } from '../setup/test-app';
import { call, makeMember, postLogin, type Json } from '../setup/accounts';

const en = catalogues.en;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  clock.reset();
});
afterAll(async () => {
  await t.close();
});

/** The code of the next 30-second step of the app clock (a step's code works once). */
function nextCode(secret: string): Promise<string> {
  clock.advance(31_000);
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
}

const post = (path: string, token: string, body: Json) => call(t, 'POST', `/api/accounts/${path}`, { token, body });

/** A fresh member (rate limits are per account) with Google Authenticator enabled, and its backup codes. */
async function memberWith2fa() {
  const m = await makeMember(t);
  const token = await t.login(m.email, m.password);
  const secret = (await post('google_auth/connect/', token, { password: m.password })).json().secret as string;
  const done = await post('google_auth/connect/', token, { code: await nextCode(secret) });
  expect(done.statusCode).toBe(200);
  const codes = done.json().backup_codes as string[];
  return { ...m, token, secret, codes };
}

/** Both steps of a login with `code` as the second factor. */
async function loginWith(m: { email: string; password: string }, code: string) {
  const first = await postLogin(t, { username: m.email, password: m.password });
  const challenge = first.json().challenge as string;
  expect(challenge).toEqual(expect.any(String));
  return postLogin(t, { username: m.email, password: m.password, challenge, code });
}

describe('two-factor backup codes', () => {
  it('are ten distinct codes, shown once, kept only as hashes', async () => {
    const m = await memberWith2fa();
    expect(m.codes).toHaveLength(10);
    expect(new Set(m.codes).size).toBe(10);
    for (const c of m.codes) expect(c).toMatch(/^[a-km-z2-9]{5}-[a-km-z2-9]{5}$/);
    const { rows } = await t.pool.query<{ code_hash: string; used_at: Date | null }>(
      'select code_hash, used_at from totp_backup_codes where user_id = $1',
      [m.id],
    );
    expect(rows).toHaveLength(10);
    const stored = rows.map((r) => r.code_hash).join(' ');
    for (const c of m.codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace('-', ''));
    }
    // Connecting again while enabled does not show them again.
    expect((await post('google_auth/connect/', m.token, {})).json()).toEqual({ enabled: true });
  });

  it('logs in once with a backup code (any case, with or without the dash); the same code is then refused', async () => {
    const m = await memberWith2fa();
    const [first, second] = m.codes as [string, string];
    const ok = await loginWith(m, first);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));

    const again = await loginWith(m, first);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: [en.wrong_code] });

    const written = await loginWith(m, second.replace('-', '').toUpperCase());
    expect(written.statusCode, written.body).toBe(200);
    const used = await t.pool.query(
      'select count(*)::int n from totp_backup_codes where user_id = $1 and used_at is not null',
      [m.id],
    );
    expect(used.rows[0].n).toBe(2);
  });

  it("refuses another user's code", async () => {
    const [a, b] = [await memberWith2fa(), await memberWith2fa()];
    const res = await loginWith(a, b.codes[0]!);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: [en.wrong_code] });
  });

  it('regenerating needs the password and a current code, and makes the old codes stop working', async () => {
    const m = await memberWith2fa();
    const wrong = await post('google_auth/backup_codes/', m.token, { code: m.codes[0]!, password: m.password });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [en.wrong_code] });
    // A current code alone (a stolen session with the phone's code, say) is not enough.
    const noPassword = await post('google_auth/backup_codes/', m.token, { code: await nextCode(m.secret) });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ password: [en.current_password_required] });

    const res = await post('google_auth/backup_codes/', m.token, {
      code: await nextCode(m.secret),
      password: m.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().backup_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => m.codes.includes(c))).toBe(false);

    const old = await loginWith(m, m.codes[1]!);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ code: [en.wrong_code] });
    expect((await loginWith(m, fresh[0]!)).statusCode).toBe(200);
  });

  it('regenerating is refused while two-factor sign-in is off; switching it off drops the codes', async () => {
    const plain = await makeMember(t);
    const token = await t.login(plain.email, plain.password);
    const off = await post('google_auth/backup_codes/', token, { code: '123456' });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toEqual({ code: [en.google_auth_off] });

    const m = await memberWith2fa();
    const gone = await post('google_auth/disconnect/', m.token, { code: await nextCode(m.secret) });
    expect(gone.statusCode, gone.body).toBe(200);
    const left = await t.pool.query('select count(*)::int n from totp_backup_codes where user_id = $1', [m.id]);
    expect(left.rows[0].n).toBe(0);
  });

  it("switch two-factor sign-in off like a login: an unused backup code once, not a used one nor another user's", async () => {
    const m = await memberWith2fa();
    const other = await memberWith2fa();
    const [used, fresh] = m.codes as [string, string];
    expect((await loginWith(m, used)).statusCode).toBe(200);

    for (const code of [used, other.codes[0]!, 'abcde-fghij']) {
      const refused = await post('google_auth/disconnect/', m.token, { code });
      expect(refused.statusCode, code).toBe(400);
      expect(refused.json()).toEqual({ code: [en.wrong_code] });
    }
    expect((await call(t, 'GET', '/api/accounts/me/', { token: m.token })).json().google_auth_enabled).toBe(true);

    // Written as a person may type it: upper case, without the dash.
    const off = await post('google_auth/disconnect/', m.token, { code: fresh.replace('-', '').toUpperCase() });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect((await call(t, 'GET', '/api/accounts/me/', { token: m.token })).json().google_auth_enabled).toBe(false);
    const left = await t.pool.query('select count(*)::int n from totp_backup_codes where user_id = $1', [m.id]);
    expect(left.rows[0].n).toBe(0);
    // The other user's code was only tried, not used: it still logs them in.
    expect((await loginWith(other, other.codes[0]!)).statusCode).toBe(200);
    // With two-factor off, the login asks for no code at all.
    const plain = await postLogin(t, { username: m.email, password: m.password });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().token).toEqual(expect.any(String));
  });

  it('a backup code no longer stands in for the password when the phone changes: it is the second factor, once', async () => {
    const m = await memberWith2fa();
    const [code] = m.codes as [string];
    const put = (body: Json) => call(t, 'PUT', '/api/accounts/me/', { token: m.token, body });
    // Issue 37: session, own authenticator, backup code, then a phone or email change took the account.
    const alone = await put({ phone: '+49305550901', code });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toEqual({ old_password: [en.current_password_required] });
    // The password alone is not enough with two-factor on either.
    const noCode = await put({ phone: '+49305550901', old_password: m.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({ code: [en.enter_code] });
    const changed = await put({ phone: '+49305550901', old_password: m.password, code });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(t, 'GET', '/api/accounts/me/', { token: changed.json().token })).json().phone).toBe(
      '+49305550901',
    );
    const again = await call(t, 'PUT', '/api/accounts/me/', {
      token: changed.json().token,
      body: { phone: '+49305550902', old_password: m.password, code },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: [en.wrong_code] });
  });
});
