import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';

// CORS_ORIGINS is the allowlist: only those sites may call the API from a browser page of theirs.
const PARTNER = 'https://partner.example';
const STRANGER = 'https://stranger.example';

let listed: TestApp;
let unlisted: TestApp;

beforeAll(async () => {
  listed = await createTestApp({ env: { CORS_ORIGINS: `${PARTNER}, https://other.example` } });
  unlisted = await createTestApp();
});
afterAll(async () => {
  await listed.close();
  await unlisted.close();
});

const preflight = (t: TestApp, origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/accounts/login/',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });

describe('CORS from an allowlist', () => {
  it('lets a listed origin read the answer and says the answer depends on the origin', async () => {
    const res = await listed.app.inject({ method: 'GET', url: '/api/openapi.yaml', headers: { origin: PARTNER } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/origin/i);
  });

  it('answers a listed origin’s preflight and no other', async () => {
    const ok = await preflight(listed, PARTNER);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(String(ok.headers['access-control-allow-methods'])).toContain('POST');

    const refused = await preflight(listed, STRANGER);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives an unlisted origin no CORS headers, so its page cannot read the answer', async () => {
    const res = await listed.app.inject({ method: 'GET', url: '/api/openapi.yaml', headers: { origin: STRANGER } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('without an allowlist lets no origin in, preflight included', async () => {
    for (const origin of [PARTNER, STRANGER]) {
      const res = await unlisted.app.inject({ method: 'GET', url: '/api/openapi.yaml', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const pre = await preflight(unlisted, origin);
      expect(pre.statusCode).toBe(404);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    }
  });

  it('keeps the security headers on a cross-origin answer', async () => {
    const res = await listed.app.inject({ method: 'GET', url: '/api/openapi.yaml', headers: { origin: PARTNER } });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
