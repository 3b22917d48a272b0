import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, type TestApp } from '../setup/test-app';
import { loadContract } from '../../src/server/contract';
import { precompress } from '../../scripts/precompress';
import { PUBLIC_SCREENS } from '../../src/web/features/auth/publicScreens';

/** A script over the kilobyte the build compresses from, as repetitive as a bundle. */
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${String(i)} = () => ${String(i)};`).join(
  '\n',
);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

describe('HTTP basics', () => {
  it('GET /healthz says ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('gives its plugins minutes to load, not avvio default 10 s', () => {
    // Compiling the contract's routes took longer than 10 s on 2 cores at load 20: the start failed.
    expect(t.app.initialConfig.pluginTimeout).toBeGreaterThanOrEqual(60_000);
  });

  it('keeps an idle connection open for KEEP_ALIVE_SECONDS, to outlast the idle time-out of a load balancer in front', async () => {
    const other = await createTestApp({ env: { KEEP_ALIVE_SECONDS: '620' } });
    try {
      expect(other.app.server.keepAliveTimeout).toBe(620_000);
    } finally {
      await other.close();
    }
  });

  it('publishes the contract at /api/openapi.yaml', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.yaml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/yaml/);
    expect(res.body).toMatch(/^openapi: 3\.1\.0$/m);
    expect(res.body).toContain('operationId: login');
  });

  it('serves the interactive docs at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-initializer.js');
    // @fastify/swagger-ui: the page reads the contract, served as it is (OpenAPI 3.1, every operation).
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json<{ openapi: string; paths: object }>().openapi).toBe('3.1.0');
    expect(Object.keys(json.json<{ paths: object }>().paths)).toContain('/accounts/login/');
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });

  it('an unknown /api/ path is a JSON 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/thing/' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ detail: expect.any(String), code: 'not_found' });
    }
  });

  it('a malformed JSON body is a 400, not a 500', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin@demo.atrium", "password":',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ non_field_errors: [expect.any(String)] });

    const token = await t.login('member@demo.atrium');
    const menu = await t.app.inject({
      method: 'POST',
      url: '/api/menu/check_access/',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(menu.statusCode).toBe(400);
  });

  it('a multipart body cut off inside a part is a 400 on every multipart operation, and nothing is written', async () => {
    const { operations } = await loadContract();
    const multipartOps = operations.filter((o) => o.contentTypes.includes('multipart/form-data'));
    expect(multipartOps.map((o) => o.operationId)).toEqual(
      expect.arrayContaining(['createPartnerUser', 'saveUserImport', 'createManualDonation']),
    );
    const token = await t.login('admin@demo.atrium');
    const counts = async () =>
      (
        await t.pool.query(
          `select (select count(*) from users) as users, (select count(*) from user_imports) as imports, (select count(*) from payments) as payments`,
        )
      ).rows[0];
    const before = await counts();
    for (const op of multipartOps) {
      const res = await t.app.inject({
        method: op.method as 'POST',
        url: `/api${op.path.replace(/\{[^}]+\}/g, '1')}`,
        headers: { ...auth(token), 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: '--xyz\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nunterminated',
      });
      // Operations on an object (a landing's element) may answer 404 for the made-up id first.
      expect([400, 404], `${op.operationId}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      if (!op.path.includes('{')) expect(res.statusCode, op.operationId).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it('a JSON body of the wrong type is a 400 and is not coerced', async () => {
    const token = await t.login('member@demo.atrium');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/menu/check_access/',
      headers: auth(token),
      payload: { path: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['path']);
  });

  it('a body in a media type the operation does not list is refused, not passed on unvalidated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=admin@demo.atrium',
    });
    expect([400, 415]).toContain(res.statusCode);
  });

  it('a missing body of an operation that requires one is a 400', async () => {
    const token = await t.login('member@demo.atrium');
    const res = await t.app.inject({ method: 'POST', url: '/api/menu/check_access/', headers: auth(token) });
    expect(res.statusCode).toBe(400);
  });

  it('sends security headers: the page set on pages, the strictest policy on API answers', async () => {
    // The docs and every operation the contract says answers with an HTML page get the page set.
    const { operations } = await loadContract();
    const pages = operations.filter((o) => o.servesPage);
    expect(pages.map((o) => o.operationId).sort()).toEqual(['getSandboxCheckout', 'submitSandboxCheckout']);
    const pageRequests = [
      ...['/healthz', '/api/docs', '/api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-ui.css'].map(
        (url) => ({
          method: 'GET',
          url,
        }),
      ),
      ...pages.map((o) => ({ method: o.method, url: `/api${o.path.replace('{ref}', 'no-such-checkout')}` })),
    ];
    for (const { method, url } of pageRequests) {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    for (const url of ['/api/openapi.yaml', '/api/no/such/thing/', '/api/news/important/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });
});

const INDEX_HTML = '<!doctype html><html><head><title>Atrium</title></head><body><div id="root"></div></body></html>';
/** The build's preload map (vite.config.ts, screenPreloads), as it writes it. */
const PRELOADS = {
  screens: [
    { path: PUBLIC_SCREENS.LoginPage.source, scripts: ['/assets/LoginPage-A1.js', '/assets/public-libs-B2.js'] },
    { path: PUBLIC_SCREENS.RegisterPage.source, scripts: ['/assets/RegisterPage-F6.js', '/assets/public-libs-B2.js'] },
  ],
  messages: {
    ru: ['/assets/ru-C3.js', '/assets/public-libs-B2.js'],
    en: ['/assets/en-E5.js', '/assets/public-libs-B2.js'],
    de: ['/assets/de-D4.js'],
  },
  styles: '<style data-emotion="css a1b2">.css-a1b2{display:flex;}</style>',
};

describe('the web app', () => {
  let web: TestApp;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'export {};');
    fs.writeFileSync(path.join(dist, 'preload.json'), JSON.stringify(PRELOADS));
    fs.writeFileSync(path.join(dist, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dist, 'assets', 'start-Ef56Gh78.js'), BIG_SCRIPT);
    await precompress(dist);
    web = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await web.close();
  });

  it('lets the browser keep the hashed scripts for good, and asks again for the page and the rest', async () => {
    const script = await web.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await web.app.inject({ method: 'GET', url: '/icon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toMatch(/immutable/);
    const page = await web.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await web.app.inject({ method: 'GET', url: '/assets/missing-X1.js' })).statusCode).toBe(404);
  });

  it("names a public screen's scripts and its starting language's messages in the page for its path, and nothing elsewhere", async () => {
    const preloads = async (url: string, headers: Record<string, string> = {}) => {
      const res = await web.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root"></div>');
      return [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    };
    const login = ['/assets/LoginPage-A1.js', '/assets/public-libs-B2.js'];
    // The browser's language, as the app starts in it; a link's `lang` before it; Russian when none is spoken.
    expect(await preloads('/login', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).toEqual([
      ...login,
      '/assets/de-D4.js',
    ]);
    expect(await preloads('/login/?lang=en', { 'accept-language': 'de' })).toEqual([...login, '/assets/en-E5.js']);
    expect(await preloads('/login?lang=fr', { 'accept-language': 'fr, es' })).toEqual([...login, '/assets/ru-C3.js']);
    expect(await preloads('/register/PROMO1', { 'accept-language': 'ru' })).toEqual([
      '/assets/RegisterPage-F6.js',
      '/assets/public-libs-B2.js',
      '/assets/ru-C3.js',
    ]);
    // A signed-in screen's path, and a path a public one only begins: the page as built.
    for (const url of ['/dashboard', '/login/more', '/registered']) expect(await preloads(url), url).toEqual([]);
    // A monitor's HEAD gets the page's answer (Node leaves the body out).
    for (const url of ['/login', '/dashboard']) {
      const head = await web.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toMatch(/^text\/html/);
    }
    expect((await web.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
    expect((await web.app.inject({ method: 'GET', url: '/dashboard' })).body).toBe(INDEX_HTML);
  });

  it("writes the login's styles into the public screens' pages, as a server-rendered page gives them to emotion", async () => {
    for (const url of ['/login', '/register/PROMO1']) {
      const page = await web.app.inject({ method: 'GET', url });
      expect(page.body, url).toContain(`${PRELOADS.styles}</head>`);
    }
    // A signed-in page would only read them.
    expect((await web.app.inject({ method: 'GET', url: '/dashboard' })).body).not.toContain('data-emotion');
  });

  it('sends a page compressed as the browser accepts it, and as it is to one that accepts nothing', async () => {
    const get = (url: string, encoding?: string) =>
      web.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    for (const url of ['/dashboard', '/login']) {
      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      const br = await get(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      const gz = await get(url, 'gzip;q=1, br;q=0');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString(), url).toBe(plain.body);
      expect((await get(url, 'identity')).body, url).toBe(plain.body);
    }
    // The login's page still varies by language too.
    expect((await get('/login', 'br')).headers.vary).toMatch(/accept-language/i);
  });

  it("sends the build's compressed copy of a script the browser accepts, and the script itself to one that accepts none", async () => {
    const url = '/assets/start-Ef56Gh78.js';
    const get = (encoding?: string) =>
      web.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // A file under a kilobyte is not worth a copy: sent as it is.
    const small = await web.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {};');
  });
});
