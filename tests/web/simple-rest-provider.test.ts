import { HttpResponse } from 'msw';
import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onUnauthorized, TOKEN_KEY } from '../../src/api/client';
import type { SchemaProductAdmin } from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { httpClient } from '../../src/web/providers/data/simpleRestResources';
import { http, mockApi } from '../setup/msw';

// The package itself, watched: the admin resources must be built by it, not by a copy of it.
vi.mock('ra-data-simple-rest', async (importOriginal) => {
  const real = await importOriginal<typeof import('ra-data-simple-rest')>();
  return { default: vi.fn(real.default) };
});

const server = mockApi();

afterEach(() => {
  // Signed out again (unstubAllGlobals would also drop the page origin tests/setup/web-fetch.ts gives).
  vi.stubGlobal('localStorage', undefined);
});

/** A signed-in browser's storage: the session token and the interface language. */
function signIn(token: string, locale: string) {
  const items = new Map([
    [TOKEN_KEY, token],
    ['atrium:locale', locale],
  ]);
  vi.stubGlobal('localStorage', { getItem: (key: string) => items.get(key) ?? null });
}

const product = (id: number): SchemaProductAdmin => ({
  id,
  name: `Product ${id}`,
  description: '',
  photos: [],
  price: '10.00',
  made_to_order: false,
  stock: 1,
  is_published: true,
  created_at: '2026-01-01T09:00:00.000Z',
  updated_at: '2026-01-01T09:00:00.000Z',
});

describe('the admin resources go through ra-data-simple-rest', () => {
  it('the provider is the package, built once over the API URL with the session-adding client', () => {
    expect(vi.mocked(simpleRestProvider)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(simpleRestProvider)).toHaveBeenCalledWith('/api', httpClient);
  });

  it("a list is the package's request: a Range header naming the resource, with the session and language", async () => {
    signIn('tok-1', 'de');
    let headers = new Headers();
    server.use(
      http.get('/admin/products', ({ request, response }) => {
        headers = request.headers;
        return response(200).json([product(1)], { headers: { 'Content-Range': 'products 0-0/1' } });
      }),
    );
    const res = await dataProvider.getList<SchemaProductAdmin>('admin/products', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(res).toEqual({ data: [product(1)], total: 1 });
    expect(headers.get('range')).toBe('admin/products=0-4');
    expect(headers.get('authorization')).toBe('JWT tok-1');
    expect(headers.get('accept-language')).toBe('de');
  });

  it("a delete is the package's request: text/plain without a body", async () => {
    let contentType: string | null = null;
    server.use(
      http.delete('/admin/products/{id}', ({ request, params, response }) => {
        contentType = request.headers.get('content-type');
        return response(200).json(product(Number(params.id)));
      }),
    );
    expect((await dataProvider.delete<SchemaProductAdmin>('admin/products', { id: 3 })).data).toEqual(product(3));
    expect(contentType).toBe('text/plain');
  });

  it('a 401 signs the user out (the typed client does the same) and is an HttpError', async () => {
    const signedOut = vi.fn();
    const stop = onUnauthorized(signedOut);
    server.use(
      http.get('/staff/orders/{id}', ({ response }) =>
        response(401).json({ detail: 'Not signed in.', code: 'not_authenticated' }),
      ),
    );
    const err: unknown = await dataProvider.getOne('staff/orders', { id: 1 }).catch((e: unknown) => e);
    stop();
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 401, message: 'Not signed in.' });
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('a server failure is the catalogue sentence, as from every other call', async () => {
    server.use(
      http.put('/admin/products/{id}', ({ response }) => response.untyped(HttpResponse.json({}, { status: 500 }))),
    );
    const err: unknown = await dataProvider
      .update('admin/products', { id: 2, data: { name: 'X' }, previousData: product(2) })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 500, message: 'atrium.errors.server' });
  });
});
