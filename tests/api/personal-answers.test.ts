import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';
import { call, makeMember, tokenOf, waitForMail } from '../setup/accounts';

/** What a caller's answers may leave behind: personal answers are never stored by a browser or proxy. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control on personal answers', () => {
  it('says no-store on the profile, lists, the contacts export and the login answer', async () => {
    const m = await makeMember(t);
    const login = await call(t, 'POST', '/api/accounts/login/', { body: { username: m.email, password: m.password } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const token = login.json().token as string;

    for (const url of ['/api/accounts/me/', '/api/contacts/', '/api/contacts/export/', '/api/accounts/sessions/']) {
      const res = await call(t, 'GET', url, { token });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A refusal is personal too (it depends on the token sent).
    const refused = await call(t, 'GET', '/api/accounts/me/');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves the public contract file and the docs assets cacheable', async () => {
    const yaml = await t.app.inject({ method: 'GET', url: '/api/openapi.yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers['cache-control']).toBeUndefined();
    const css = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
    expect(String(css.headers['cache-control'])).not.toContain('no-store');
  });
});

describe('the admin outbox without SMTP (the dev inbox)', () => {
  it('shows reset links whole, as they are the only way to the mail', async () => {
    const m = await makeMember(t);
    expect((await call(t, 'POST', '/api/password_reset/', { body: { email: m.email } })).statusCode).toBe(200);
    const stored = await waitForMail(t, m.email);
    const token = tokenOf(stored.text, /\/password-reset\/([A-Za-z0-9_%-]+)/);

    const admin = await t.login('admin@demo.atrium');
    const list = await call(
      t,
      'GET',
      `/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ q: m.email }))}`,
      { token: admin },
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0].text).toContain(`/password-reset/${token}`);
    const one = await call(t, 'GET', `/api/admin/outbox/${stored.id}`, { token: admin });
    expect(one.json().text).toBe(stored.text);
    expect(one.json().html).toBe(stored.html);
  });
});
