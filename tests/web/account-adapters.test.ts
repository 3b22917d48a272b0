import { HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../src/api/client';
import type { SchemaDonation, SchemaPaymentMethod, SchemaProfile, SchemaSession } from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { PROFILE_KEY } from '../../src/web/providers/authProvider';
import { http, mockApi } from '../setup/msw';

const server = mockApi();
afterEach(() => {
  // Not vi.unstubAllGlobals(): the setup file's page origin stays.
  vi.stubGlobal('localStorage', undefined);
});

/** The browser's storage, where the provider keeps the session (token and user). */
function stubStorage(token: string | null) {
  const items = new Map<string, string>(token ? [[TOKEN_KEY, token]] : []);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  });
  return items;
}

const profile = (extra: Partial<SchemaProfile> = {}): SchemaProfile => ({
  id: 7,
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  language: 'en',
  role: 'member',
  is_superuser: false,
  is_active: true,
  email_activation: true,
  ...extra,
});

describe('profile methods', () => {
  let storage: Map<string, string>;
  beforeEach(() => {
    storage = stubStorage('old-token');
  });

  it('getProfile reads accounts/me/', async () => {
    server.use(http.get('/accounts/me/', ({ response }) => response(200).json(profile())));
    expect(await dataProvider.getProfile()).toEqual(profile());
  });

  it('updateProfile sends the body and stores the fresh token and user', async () => {
    let body: unknown;
    server.use(
      http.put('/accounts/me/', async ({ request, response }) => {
        body = await request.json();
        return response(200).json({
          token: 'new-token',
          user: profile({ first_name: 'Anna' }),
          pending_email: 'new@example.com',
        });
      }),
    );
    const res = await dataProvider.updateProfile({ first_name: 'Anna', old_password: 'secret123' });
    expect(body).toEqual({ first_name: 'Anna', old_password: 'secret123' });
    expect(res.pending_email).toBe('new@example.com');
    expect(storage.get(TOKEN_KEY)).toBe('new-token');
    expect(JSON.parse(storage.get(PROFILE_KEY)!)).toMatchObject({ first_name: 'Anna' });
  });

  it('a 400 of updateProfile is an HttpError with the field errors', async () => {
    server.use(http.put('/accounts/me/', ({ response }) => response(400).json({ old_password: ['Wrong password'] })));
    const err = await dataProvider.updateProfile({ password: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).body).toEqual({ errors: { old_password: 'Wrong password' } });
    expect(storage.get(TOKEN_KEY)).toBe('old-token');
  });

  it('uploadAvatar posts the image as multipart field `avatar`', async () => {
    let avatar: unknown;
    server.use(
      http.post('/accounts/me/', async ({ request, response }) => {
        avatar = (await request.formData()).get('avatar');
        return response(200).json({ token: 'same-token', user: profile({ avatar: '/media/a.webp' }) });
      }),
    );
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    const res = await dataProvider.uploadAvatar(file);
    expect(avatar).toBeInstanceOf(File);
    expect((avatar as File).name).toBe('me.png');
    expect((avatar as File).size).toBe(3);
    expect(res.user.avatar).toBe('/media/a.webp');
    expect(JSON.parse(storage.get(PROFILE_KEY)!)).toMatchObject({ avatar: '/media/a.webp' });
  });

  it('setProfileLanguage and unlinkTelegram keep the token and store the answered user', async () => {
    let language: unknown;
    server.use(
      http.post('/accounts/set_language/', async ({ request, response }) => {
        language = ((await request.json()) as { language: string }).language;
        return response(200).json(profile({ language: 'de' }));
      }),
      http.post('/accounts/telegram/unlink/', ({ response }) =>
        response(200).json(profile({ language: 'de', telegram_linked: false })),
      ),
    );
    expect((await dataProvider.setProfileLanguage('de')).language).toBe('de');
    expect(language).toBe('de');
    expect(storage.get(TOKEN_KEY)).toBe('old-token');
    expect(JSON.parse(storage.get(PROFILE_KEY)!)).toMatchObject({ language: 'de' });
    expect((await dataProvider.unlinkTelegram()).telegram_linked).toBe(false);
  });

  it('linkTelegram sends the current password and answers the deep link', async () => {
    const link = { link: 'https://t.me/bot?start=abc', expires_at: '2026-01-01T10:00:00.000Z' };
    let sent: unknown;
    server.use(
      http.post('/accounts/telegram/link/', async ({ request, response }) => {
        sent = await request.json();
        return response(200).json(link);
      }),
    );
    expect(await dataProvider.linkTelegram('my-password')).toEqual(link);
    expect(sent).toEqual({ password: 'my-password' });
  });

  it('connectGoogleAuth asks for a secret with the password and confirms with a code; disconnect sends the code', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/accounts/google_auth/connect/', async ({ request, response }) => {
        const body = await request.json();
        bodies.push(body);
        return response(200).json(
          body.code ? { enabled: true } : { enabled: false, secret: 'ABC', qr_code: 'data:image/png;base64,' },
        );
      }),
      http.post('/accounts/google_auth/disconnect/', async ({ request, response }) => {
        bodies.push(await request.json());
        return response(200).json({ enabled: false });
      }),
    );
    expect(await dataProvider.connectGoogleAuth({ password: 'my-password' })).toMatchObject({ secret: 'ABC' });
    expect(await dataProvider.connectGoogleAuth({ code: '123456' })).toEqual({ enabled: true });
    await dataProvider.disconnectGoogleAuth('654321');
    expect(bodies).toEqual([{ password: 'my-password' }, { code: '123456' }, { code: '654321' }]);
  });

  it('regenerateBackupCodes sends the password and the current code, and answers the new codes', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i + 2)}k`);
    let sent: unknown;
    server.use(
      http.post('/accounts/google_auth/backup_codes/', async ({ request, response }) => {
        sent = await request.json();
        return response(200).json({ backup_codes: codes });
      }),
    );
    expect(await dataProvider.regenerateBackupCodes({ code: '123456', password: 'my-password' })).toEqual({
      backup_codes: codes,
    });
    expect(sent).toEqual({ code: '123456', password: 'my-password' });
  });

  it('a wrong two-factor code lands on the code field', async () => {
    server.use(
      http.post('/accounts/google_auth/disconnect/', ({ response }) => response(400).json({ code: ['Invalid code'] })),
    );
    const err = await dataProvider.disconnectGoogleAuth('000000').catch((e: unknown) => e);
    expect((err as HttpError).body).toEqual({ errors: { code: 'Invalid code' } });
  });
});

describe('sessions resource', () => {
  const session = (id: string, current = false): SchemaSession => ({
    id,
    created_at: '2026-01-01T00:00:00.000Z',
    last_seen_at: '2026-01-02T00:00:00.000Z',
    user_agent: 'Mozilla/5.0 Firefox/140.0',
    ip: '127.0.0.1',
    current,
  });

  it('getList lists every session on one page; delete ends one by its id', async () => {
    const ended: string[] = [];
    server.use(
      http.get('/accounts/sessions/', ({ response }) => response(200).json([session('a', true), session('b')])),
      http.delete('/accounts/sessions/{id}/', ({ params, response }) => {
        ended.push(params.id);
        return response(200).json({ detail: 'ok' });
      }),
    );
    const list = await dataProvider.getList('sessions', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(list).toEqual({ data: [session('a', true), session('b')], total: 2 });
    const res = await dataProvider.delete('sessions', { id: 'b', previousData: session('b') });
    expect(ended).toEqual(['b']);
    expect(res.data).toEqual(session('b'));
  });

  it('ending an unknown session is a 404 HttpError', async () => {
    server.use(
      http.delete('/accounts/sessions/{id}/', ({ response }) =>
        response(404).json({ detail: 'Not found.', code: 'not_found' }),
      ),
    );
    const err = await dataProvider.delete('sessions', { id: 'zzz' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, message: 'Not found.' });
  });
});

describe('donations', () => {
  const method = (id: number, kind: 'online' | 'manual'): SchemaPaymentMethod => ({
    id,
    name: `Method ${id}`,
    kind,
    instructions: '',
  });
  const donation = (id: number): SchemaDonation => ({
    id,
    amount: '25.00',
    payment_method: method(1, 'online'),
    status: 'pending',
    created_at: '2026-01-01T00:00:00.000Z',
  });

  it('the donations resource sends the page size and reads the total', async () => {
    let query = '';
    server.use(
      http.get('/payments/donations/', ({ request, response }) => {
        query = new URL(request.url).search;
        return response(200).json({
          count: 3,
          next: null,
          previous: null,
          current: 1,
          total_count: 3,
          results: [donation(2), donation(1)],
        });
      }),
    );
    const res = await dataProvider.getList('donations', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(query).toBe('?page=1&page_size=5');
    expect(res).toEqual({ data: [donation(2), donation(1)], total: 3 });
  });

  it('getPaymentMethods lists the methods', async () => {
    server.use(
      http.post('/payments/get_payment_methods/', ({ response }) =>
        response(200).json([method(1, 'online'), method(2, 'manual')]),
      ),
    );
    expect(await dataProvider.getPaymentMethods()).toHaveLength(2);
  });

  it('donate answers the payment page only on a 200', async () => {
    server.use(
      http.post('/payments/donation/', ({ response }) =>
        response(200).json({ id: 5, payment_url: 'https://pay.example/5', status: 'pending' }),
      ),
    );
    expect(await dataProvider.donate({ amount: '25.00', payment_method: 1 })).toMatchObject({
      payment_url: 'https://pay.example/5',
    });

    server.use(
      http.post('/payments/donation/', () =>
        HttpResponse.json({ id: 6, payment_url: 'https://pay.example/6', status: 'pending' }, { status: 201 }),
      ),
    );
    const err = await dataProvider.donate({ amount: '25.00', payment_method: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(201);
  });

  it('a bad amount is a 400 with the field error', async () => {
    server.use(
      http.post('/payments/donation/', ({ response }) => response(400).json({ amount: ['Amount is incorrect'] })),
    );
    const err = await dataProvider.donate({ amount: '0', payment_method: 1 }).catch((e: unknown) => e);
    expect((err as HttpError).body).toEqual({ errors: { amount: 'Amount is incorrect' } });
  });

  it('donateManual posts the fields and the check as multipart', async () => {
    let form: Record<string, unknown> = {};
    server.use(
      http.post('/payments/manual_donation/', async ({ request, response }) => {
        form = Object.fromEntries((await request.formData()).entries());
        return response(201).json({ ...donation(9), payment_method: method(2, 'manual') });
      }),
    );
    const check = new File(['%PDF'], 'check.pdf', { type: 'application/pdf' });
    await dataProvider.donateManual({
      amount: '10.00',
      payment_method: 2,
      payment_datetime: '2026-01-01T10:00:00+01:00',
      check,
    });
    expect(Object.keys(form).sort()).toEqual(['amount', 'check', 'payment_datetime', 'payment_method']);
    expect(form).toMatchObject({ amount: '10.00', payment_method: '2', payment_datetime: '2026-01-01T10:00:00+01:00' });
    expect((form.check as File).name).toBe('check.pdf');
  });
});

describe('subscription methods', () => {
  it('periods, packages (of a period or all), info, auto-pay and purchase reach their endpoints', async () => {
    const bodies: Record<string, unknown[]> = { packages: [], info: [], purchase: [] };
    server.use(
      http.post('/subscription/periods/', ({ response }) =>
        response(200).json([{ id: 1, name: '1 month', months: 1 }]),
      ),
      http.post('/subscription/packages/', async ({ request, response }) => {
        bodies.packages!.push(await request.json());
        return response(200).json([]);
      }),
      http.get('/subscription/info/', ({ response }) => response(200).json({ current: null, history: [] })),
      http.post('/subscription/info/', async ({ request, response }) => {
        bodies.info!.push(await request.json());
        return response(200).json({ current: null, history: [] });
      }),
      http.post('/subscription/package_purchase/', async ({ request, response }) => {
        bodies.purchase!.push(await request.json());
        return response(200).json({ payment_url: 'https://pay.example/p' });
      }),
    );
    expect(await dataProvider.getSubscriptionPeriods()).toEqual([{ id: 1, name: '1 month', months: 1 }]);
    await dataProvider.getSubscriptionPackages(1);
    await dataProvider.getSubscriptionPackages(null);
    expect(await dataProvider.getSubscriptionInfo()).toEqual({ current: null, history: [] });
    await dataProvider.setAutoPay(true);
    expect(await dataProvider.purchasePackage({ package: 3, auto_pay: false })).toEqual({
      payment_url: 'https://pay.example/p',
    });
    expect(bodies).toEqual({
      packages: [{ period: 1 }, {}],
      info: [{ auto_pay: true }],
      purchase: [{ package: 3, auto_pay: false }],
    });
  });

  it('a purchase of an unknown package (404) is an HttpError with the server’s sentence', async () => {
    server.use(
      http.post('/subscription/package_purchase/', ({ response }) =>
        response(404).json({ detail: 'Not found.', code: 'not_found' }),
      ),
    );
    const err = await dataProvider.purchasePackage({ package: 3, auto_pay: false }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, message: 'Not found.' });
  });
});
