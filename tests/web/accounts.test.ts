import { HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SchemaProfile } from '../../src/api/schema';
import { errorText, fieldErrorsOf, formErrors } from '../../src/web/common/errors';
import { authProvider, TwoFactorRequired } from '../../src/web/providers/authProvider';
import { dataProvider } from '../../src/web/providers/data';
import { accountsMethods, getToken, setToken } from '../../src/web/features/auth/data';
import { lazyDataProvider } from '../../src/web/providers/lazyDataProvider';
import { http, mockApi } from '../setup/msw';

const server = mockApi();

// The auth provider keeps the token and the profile in the browser's storage.
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
  removeItem: (key: string) => stored.delete(key),
});
beforeEach(() => {
  stored.clear();
});

const profile: SchemaProfile = {
  id: 5,
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  language: 'en',
  role: 'member',
  is_superuser: false,
  is_active: true,
  email_activation: true,
};

const translate = (key: string) => key;

/** The fields of a form body (the login endpoints take a form). */
const formOf = async (request: Request) => new URLSearchParams(await request.text());

/** Every request the handlers saw: method, path, content type and body. */
function recorder() {
  const seen: { method: string; path: string; type: string | null; body: string }[] = [];
  const record = async (request: Request) => {
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      type: request.headers.get('Content-Type'),
      body: await request.text(),
    });
  };
  return { seen, record };
}

describe('accounts: the public screens’ calls, custom methods of the data provider', () => {
  it('login and the bot link send a form; undefined fields are left out', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/accounts/login/', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ two_factor_required: true, challenge: 'c1' });
      }),
      http.post('/token-auth-bot/', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ token: 't', user: profile, redirect_to: '/lessons' });
      }),
    );
    expect(await dataProvider.login({ username: 'ann@example.com', password: 'pw', code: undefined })).toEqual({
      two_factor_required: true,
      challenge: 'c1',
    });
    expect(await dataProvider.tokenAuthBot('bot-1')).toMatchObject({ token: 't', redirect_to: '/lessons' });
    await dataProvider.login({ username: '030 1234567', password: 'pw', default_region: 'DE' });
    expect(seen.map(({ type, body }) => [type, Object.fromEntries(new URLSearchParams(body))])).toEqual([
      ['application/x-www-form-urlencoded', { username: 'ann@example.com', password: 'pw' }],
      ['application/x-www-form-urlencoded', { token: 'bot-1' }],
      ['application/x-www-form-urlencoded', { username: '030 1234567', password: 'pw', default_region: 'DE' }],
    ]);
  });

  it('each mailed link and form reaches its endpoint with the token or fields', async () => {
    const { seen, record } = recorder();
    const ok = async ({ request }: { request: Request }) => {
      await record(request);
      return HttpResponse.json<{ detail: string }>({ detail: 'Done' });
    };
    server.use(
      http.post('/accounts/register/', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ detail: 'Check your mail' });
      }),
      http.post('/accounts/activate/', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ token: 't', user: profile });
      }),
      http.post('/accounts/activation/resend/', ok),
      http.post('/password_reset/', ok),
      http.post('/password_reset/confirm/', ok),
      http.post('/accounts/user/reset_credentials/', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ valid: true, email: 'ann@example.com', phone: null });
      }),
      http.put('/accounts/user/reset_credentials/', ok),
      http.post('/accounts/email_change/confirm/', ok),
      http.post('/accounts/credentials_change/undo/', ok),
      http.get('/accounts/admin_reg_link/', () => HttpResponse.json({ link: 'http://localhost/register/ADMIN1' })),
    );
    const register = {
      email: 'new@example.com',
      password: 'long enough',
      first_name: 'New',
      last_name: 'User',
      language: 'de' as const,
      time_zone: 'Europe/Berlin',
    };
    expect(await dataProvider.register(register)).toEqual({ detail: 'Check your mail' });
    expect(await dataProvider.activateEmail('act-1')).toMatchObject({ token: 't', user: { id: 5 } });
    expect(await dataProvider.resendActivation('ann@example.com')).toEqual({ detail: 'Done' });
    await dataProvider.requestPasswordReset('ann@example.com');
    await dataProvider.confirmPasswordReset('reset-1', 'new password');
    expect(await dataProvider.validateResetCredentials('cred-1')).toEqual({
      valid: true,
      email: 'ann@example.com',
      phone: null,
    });
    await dataProvider.saveResetCredentials({ token: 'cred-1', password: 'new password', phone: '+4930555000' });
    await dataProvider.confirmEmailChange('change-1');
    await dataProvider.undoCredentialsChange('undo-1');
    expect(await dataProvider.getAdminRegLink()).toEqual({ link: 'http://localhost/register/ADMIN1' });
    expect(seen.map(({ method, path, body }) => [method, path, JSON.parse(body)])).toEqual([
      ['POST', '/api/accounts/register/', register],
      ['POST', '/api/accounts/activate/', { token: 'act-1' }],
      ['POST', '/api/accounts/activation/resend/', { email: 'ann@example.com' }],
      ['POST', '/api/password_reset/', { email: 'ann@example.com' }],
      ['POST', '/api/password_reset/confirm/', { token: 'reset-1', password: 'new password' }],
      ['POST', '/api/accounts/user/reset_credentials/', { token: 'cred-1' }],
      [
        'PUT',
        '/api/accounts/user/reset_credentials/',
        { token: 'cred-1', password: 'new password', phone: '+4930555000' },
      ],
      ['POST', '/api/accounts/email_change/confirm/', { token: 'change-1' }],
      ['POST', '/api/accounts/credentials_change/undo/', { token: 'undo-1' }],
    ]);
  });

  it('a refused call is react-admin’s HttpError, read by common/errors, also when the auth provider calls the module directly', async () => {
    server.use(
      http.post('/password_reset/confirm/', () => HttpResponse.json({ token: ['Link has expired'] }, { status: 400 })),
      http.post('/accounts/register/', () =>
        HttpResponse.json({ email: ['Email is taken'], non_field_errors: ['Try later'] }, { status: 400 }),
      ),
      http.post('/accounts/credentials_change/undo/', ({ response }) =>
        response(429).json({ detail: 'Too many requests', code: 'throttled' }),
      ),
      // Not in the contract: a server failure.
      http.post('/accounts/activation/resend/', ({ response }) =>
        response.untyped(HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
      ),
    );
    const expired = await accountsMethods.confirmPasswordReset('old', 'new password').catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(HttpError);
    expect(fieldErrorsOf(expired)).toEqual({ token: 'Link has expired' });

    const taken = await dataProvider
      .register({ email: 'a@example.com', password: 'long enough', first_name: 'A', last_name: 'B', time_zone: 'UTC' })
      .catch((e: unknown) => e);
    expect(formErrors(taken, translate, ['email'])).toEqual({
      fields: { email: 'Email is taken' },
      alert: 'Try later',
    });

    const throttled = await dataProvider.undoCredentialsChange('u').catch((e: unknown) => e);
    expect(throttled).toMatchObject({ status: 429 });
    expect(errorText(throttled, translate)).toBe('Too many requests');
    expect(errorText(await dataProvider.resendActivation('a@example.com').catch((e: unknown) => e), translate)).toBe(
      'atrium.errors.server',
    );
  });
});

describe('the auth and i18n providers through the accounts module', () => {
  it('login stores the session; a second step is asked for; logout ends the server session', async () => {
    let loggedOut = false;
    server.use(
      http.post('/accounts/login/', async ({ request }) => {
        const form = await formOf(request);
        return HttpResponse.json(
          form.get('code') === '123456'
            ? { token: 'jwt-1', user: profile, redirect_to: '/lessons' }
            : { two_factor_required: true, challenge: 'ch' },
        );
      }),
      http.post('/accounts/logout/', () => {
        loggedOut = true;
        return HttpResponse.json({ detail: 'Logged out' });
      }),
    );
    const second = await authProvider.login({ username: 'ann@example.com', password: 'pw' }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(TwoFactorRequired);
    expect((second as TwoFactorRequired).challenge).toBe('ch');
    expect(getToken()).toBeNull();
    expect(
      await authProvider.login({ username: 'ann@example.com', password: 'pw', challenge: 'ch', code: '123456' }),
    ).toEqual({ redirectTo: '/lessons' });
    expect(getToken()).toBe('jwt-1');
    expect(await authProvider.getPermissions?.({})).toBe('member');
    await authProvider.logout({});
    expect(loggedOut).toBe(true);
    expect(getToken()).toBeNull();
  });

  it('a wrong password is an HttpError with the field messages; checkError ends the session on a 401 only', async () => {
    server.use(
      http.post('/accounts/login/', () =>
        HttpResponse.json({ non_field_errors: ['Wrong email or password'] }, { status: 400 }),
      ),
    );
    const wrong = await authProvider.login({ username: 'ann@example.com', password: 'bad' }).catch((e: unknown) => e);
    expect(formErrors(wrong, translate, ['username', 'password'])).toEqual({
      fields: {},
      alert: 'Wrong email or password',
    });

    setToken('jwt-2');
    await expect(authProvider.checkError(new HttpError('Forbidden', 403))).resolves.toBeUndefined();
    expect(getToken()).toBe('jwt-2');
    await expect(authProvider.checkError(new HttpError('Unauthorized', 401))).rejects.toThrow(
      'atrium.auth.login.logged_out',
    );
    expect(getToken()).toBeNull();
  });

  it('getIdentity reads the profile through getMe when none is cached', async () => {
    setToken('jwt-3');
    server.use(http.get('/accounts/me/', () => HttpResponse.json(profile)));
    expect(await authProvider.getIdentity?.()).toMatchObject({ id: 5, fullName: 'Ann Lee' });
  });

  it("login makes the language picked on the public screens the account's", async () => {
    let body: unknown;
    server.use(
      http.post('/accounts/login/', () => HttpResponse.json({ token: 'jwt-4', user: { ...profile, language: 'ru' } })),
      http.post('/accounts/set_language/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...profile, language: 'de' });
      }),
    );
    stored.set('atrium:locale', 'de');
    await authProvider.login({ username: 'ann@example.com', password: 'pw' });
    expect(body).toEqual({ language: 'de' });
    // The stored profile is the server's answer, already in the new language.
    expect(JSON.parse(stored.get('atrium:user') ?? '{}')).toMatchObject({ language: 'de' });
  });

  it("login where no language was picked takes the account's and saves nothing", async () => {
    let saved = false;
    server.use(
      http.post('/accounts/login/', () => HttpResponse.json({ token: 'jwt-5', user: { ...profile, language: 'de' } })),
      http.post('/accounts/set_language/', () => {
        saved = true;
        return HttpResponse.json(profile);
      }),
    );
    await authProvider.login({ username: 'ann@example.com', password: 'pw' });
    expect(saved).toBe(false);
    expect(stored.get('atrium:locale')).toBe('de');
  });

  it('a toast names fields by their translated label, never the API key', async () => {
    server.use(http.post('/accounts/login/', () => HttpResponse.json({ code: ['Wrong code'] }, { status: 400 })));
    const wrong = await authProvider
      .login({ username: 'a', password: 'b', challenge: 'c', code: '1' })
      .catch((e: unknown) => e);
    const labels: Record<string, string> = { 'atrium.fields.code': 'Code' };
    const translateLabel = (key: string, options?: Record<string, unknown>) =>
      labels[key] ?? (typeof options?._ === 'string' ? options._ : key);
    expect(errorText(wrong, translateLabel)).toBe('Code: Wrong code');
    expect(formErrors(wrong, translateLabel, ['username']).alert).toBe('Code: Wrong code');
  });

  it('setLanguage keeps the choice on the server', async () => {
    let body: unknown;
    server.use(
      http.post('/accounts/set_language/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...profile, language: 'de' });
      }),
    );
    expect(await dataProvider.setLanguage('de')).toMatchObject({ language: 'de' });
    expect(body).toEqual({ language: 'de' });
  });
});

describe('menus', () => {
  it('getMenu reads the side or the user menu', async () => {
    server.use(
      http.get('/menu/main/', () => HttpResponse.json([{ key: 'lessons', title: 'Lessons', path: '/lessons' }])),
      http.get('/menu/dropdown/', () => HttpResponse.json([{ key: 'profile', title: 'Profile', path: '/profile' }])),
    );
    expect(await dataProvider.getMenu('main')).toEqual([{ key: 'lessons', title: 'Lessons', path: '/lessons' }]);
    expect((await dataProvider.getMenu('dropdown'))[0]?.key).toBe('profile');
  });

  it('getFooterLinks reads the footer links in order', async () => {
    const links = [
      { id: 1, title: 'Help', url: '/news', order: 0 },
      { id: 2, title: 'Terms', url: 'https://example.com/terms', order: 1 },
    ];
    server.use(http.get('/pages/footer_links/', () => HttpResponse.json(links)));
    expect(await dataProvider.getFooterLinks()).toEqual(links);
  });
});

describe('lazyDataProvider', () => {
  it('answers the ready methods without loading, and loads the rest once, custom names included', async () => {
    const loaded = {
      getList: vi.fn(() => Promise.resolve({ data: [], total: 0 })),
      approvePayment: vi.fn((id: number) => Promise.resolve({ id })),
    };
    const load = vi.fn(() => Promise.resolve(loaded as unknown as typeof dataProvider));
    const ready = { getAdminRegLink: vi.fn(() => Promise.resolve({ link: '/register' })) };
    const provider = lazyDataProvider(load, ready) as typeof dataProvider;

    expect(await provider.getAdminRegLink()).toEqual({ link: '/register' });
    expect(load).not.toHaveBeenCalled();

    expect(await provider.approvePayment(3)).toEqual({ id: 3 });
    await provider.getList('contacts', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(loaded.approvePayment).toHaveBeenCalledWith(3);
    await expect((provider as unknown as Record<string, () => Promise<unknown>>).nothingLikeThis!()).rejects.toThrow(
      'Unknown dataProvider function: nothingLikeThis',
    );
  });

  it('once loaded, calls the provider at once, not after another turn of the event loop', async () => {
    const loaded = { getMenu: vi.fn(() => Promise.resolve([])) };
    const provider = lazyDataProvider(() =>
      Promise.resolve(loaded as unknown as typeof dataProvider),
    ) as typeof dataProvider;
    await provider.getMenu('main');
    const next = provider.getMenu('dropdown');
    // Called in this same task: at start-up a long render would otherwise hold the request back.
    expect(loaded.getMenu).toHaveBeenLastCalledWith('dropdown');
    await next;
  });
});
