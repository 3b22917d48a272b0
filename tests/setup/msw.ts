import { setupServer } from 'msw/node';
import { createOpenApiHttp } from 'openapi-msw';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { paths } from '../../src/api/schema';

/**
 * The API as the web tests' provider sees it: an MSW server for this test file, listening for its
 * whole run (a request no handler answers fails the test), each test's handlers removed after it.
 */
export function mockApi(...handlers: Parameters<typeof setupServer>) {
  const server = setupServer(...handlers);
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
  });
  afterAll(() => {
    server.close();
  });
  return server;
}

/** MSW handlers typed by the contract's paths, at the client's base URL. */
export const http = createOpenApiHttp<paths>({ baseUrl: '/api' });

/** What the provider sent: each request's path with its query, and its JSON body when it has one. */
export function recorder() {
  const seen: Array<{ url: string; body?: unknown }> = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.clone().text();
    seen.push({ url: url.pathname + url.search, ...(text && { body: JSON.parse(text) as unknown }) });
  };
  return { seen, record };
}
