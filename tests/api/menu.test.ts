import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { auth, createTestApp, type TestApp } from '../setup/test-app';

type MenuItem = { key: string; title: string; path: string; icon?: string };

let t: TestApp;
const tokens: Record<'admin' | 'consultant' | 'member', string> = { admin: '', consultant: '', member: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'consultant', 'member'] as const) tokens[role] = await t.login(`${role}@demo.atrium`);
});
afterAll(async () => {
  await t.close();
});

async function mainMenu(role: keyof typeof tokens): Promise<MenuItem[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/menu/main/', headers: auth(tokens[role]) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function checkAccess(role: keyof typeof tokens, path: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/menu/check_access/',
    headers: auth(tokens[role]),
    payload: { path },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/menu/main/', () => {
  it('differs per role', async () => {
    const [member, consultant, admin] = await Promise.all([
      mainMenu('member'),
      mainMenu('consultant'),
      mainMenu('admin'),
    ]);
    const paths = (m: MenuItem[]) => m.map((i) => i.path);

    expect(paths(member)).toContain('/dashboard');
    expect(paths(member).filter((p) => p.startsWith('/staff') || p === '/users')).toEqual([]);

    expect(paths(consultant)).toContain('/staff/tasks');
    expect(paths(consultant)).not.toContain('/users');
    // The actions history is a staff entry: consultants and admins, not members.
    expect(paths(consultant)).toContain('/staff/action_logs');
    expect(paths(admin)).toContain('/staff/action_logs');
    expect(paths(member)).not.toContain('/staff/action_logs');
    expect(await checkAccess('consultant', '/staff/action_logs')).toMatchObject({ allow: true });
    expect(await checkAccess('member', '/staff/action_logs')).toMatchObject({ allow: false });

    expect(paths(admin)).toContain('/staff/tasks');
    expect(paths(admin)).toContain('/users');

    for (const item of [...member, ...consultant, ...admin]) {
      expect(item).toMatchObject({
        key: expect.any(String),
        title: expect.any(String),
        path: expect.stringMatching(/^\//),
      });
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/menu/main/' });
    expect(res.statusCode).toBe(401);
  });

  it("comes in the user's language (the profile's, not Accept-Language)", async () => {
    const dashboardTitle = async () => (await mainMenu('member')).find((i) => i.key === 'dashboard')?.title;
    expect(await dashboardTitle()).toBe(catalogues.ru.menu_dashboard);
    await t.pool.query(`update users set language = 'de' where email = 'member@demo.atrium'`);
    try {
      expect(await dashboardTitle()).toBe('Übersicht');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/menu/main/',
        headers: { ...auth(tokens.member), 'accept-language': 'en' },
      });
      expect(res.json().find((i: MenuItem) => i.key === 'dashboard')?.title).toBe('Übersicht');
    } finally {
      await t.pool.query(`update users set language = 'ru' where email = 'member@demo.atrium'`);
    }
  });
});

describe('GET /api/menu/dropdown/', () => {
  it('has the profile entries for everyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/menu/dropdown/', headers: auth(tokens.member) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: MenuItem) => i.path)).toContain('/profile/view');
  });
});

describe('POST /api/menu/check_access/', () => {
  it('a staff route exists for everyone but only staff may open it', async () => {
    expect(await checkAccess('member', '/staff/tasks')).toEqual({ exists: true, allow: false });
    expect(await checkAccess('consultant', '/staff/tasks')).toEqual({ exists: true, allow: true });
    expect(await checkAccess('admin', '/staff/tasks')).toEqual({ exists: true, allow: true });
  });

  it('/users is for admins only', async () => {
    expect(await checkAccess('consultant', '/users')).toEqual({ exists: true, allow: false });
    expect(await checkAccess('admin', '/users')).toEqual({ exists: true, allow: true });
  });

  it('matches path parameters, query strings and trailing slashes', async () => {
    expect(await checkAccess('member', '/lesson/view/12')).toEqual({ exists: true, allow: true });
    expect(await checkAccess('member', '/dashboard/?tab=1')).toEqual({ exists: true, allow: true });
    expect(await checkAccess('member', '/staff-dashboard/view-as/5')).toEqual({ exists: true, allow: false });
  });

  it('an unknown path neither exists nor is allowed', async () => {
    expect(await checkAccess('admin', '/no/such/page')).toEqual({ exists: false, allow: false });
    expect(await checkAccess('member', '/no/such/page')).toEqual({ exists: false, allow: false });
  });

  it('rejects a missing path with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/menu/check_access/',
      headers: auth(tokens.member),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['path']);
  });
});
