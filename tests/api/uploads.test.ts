import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { catalogues } from '../../src/server/i18n';
import { call, makeMember, type Json } from '../setup/accounts';
import { form as partsForm } from '../setup/admin';
import { RawConnection } from '../setup/raw-http';
import { png } from '../setup/images';
import { createTestApp, type TestApp } from '../setup/test-app';
import { form, PDF } from './payments-support';

/**
 * Uploads under what production does to them: a refused upload does not hold up its keep-alive
 * connection (over a real socket: `app.inject` has none), images are judged by the pixels their header
 * states before anything decodes them, avatars are rate-limited, too many partner documents is a
 * field error, and signed links to personal files expire within minutes.
 */

const en = catalogues.en;
const MB = 1024 * 1024;

let t: TestApp;
let port: number;
let admin: string;
let bankId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  admin = await t.login('admin@demo.atrium');
  await t.pool.query(`update users set language = 'en' where email = 'admin@demo.atrium'`);
  bankId = (await t.pool.query<{ id: number }>(`select id from payment_methods where code = 'bank_transfer'`)).rows[0]!
    .id;
});
afterAll(async () => t.close());
afterEach(() => {
  clock.reset();
});

async function member() {
  const m = await makeMember(t);
  return { ...m, token: await t.login(m.email, m.password) };
}

/** Every file under the uploads dir but the storage's own bookkeeping (.incoming). */
function storedFiles(): string[] {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => !f.startsWith('.incoming') && fs.statSync(path.join(root, f)).isFile())
    .sort();
}

const oneFile = (field: string, name: string, type: string, content: Buffer) =>
  partsForm([{ name: field, filename: name, content, type }]);

function postForm(url: string, token: string, body: { payload: Buffer; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `JWT ${token}`, 'accept-language': 'en' },
  });
}

const partnerFields = (email: string) => [
  { name: 'first_name', value: 'Paula' },
  { name: 'last_name', value: 'Partner' },
  { name: 'email', value: email },
  { name: 'company', value: 'Paula GmbH' },
];

describe('a refused upload and the next request on its keep-alive connection', () => {
  // Far under the ~73 s the next request used to wait (the server's keep-alive timeout), far over a normal answer.
  const KEEP_ALIVE_TIMEOUT_MS = 15_000;

  /** Sends the refused upload, whole, then a second request on the same socket. */
  async function refusedThenNext(
    url: string,
    token: string,
    body: { payload: Buffer; headers: Record<string, string> },
  ) {
    const conn = await RawConnection.open(port);
    try {
      conn.send(
        'POST',
        url,
        {
          ...body.headers,
          'content-length': body.payload.length,
          authorization: `JWT ${token}`,
          'accept-language': 'en',
        },
        body.payload,
      );
      const refused = await conn.response();
      conn.send('GET', '/healthz', {});
      // Unread, the refused body's rest held this answer until the server dropped the connection (~73 s).
      const next = await conn.response();
      return { refused, next };
    } finally {
      conn.destroy();
    }
  }

  it(
    'a manual donation with a too large check',
    async () => {
      const m = await member();
      const body = form(
        {
          amount: '10',
          payment_method: String(bankId),
          payment_datetime: new Date(Date.now() - 3600_000).toISOString(),
        },
        {
          field: 'check',
          name: 'big.pdf',
          type: 'application/pdf',
          content: Buffer.concat([PDF, Buffer.alloc(12 * MB, 32)]),
        },
      );
      const { refused, next } = await refusedThenNext('/api/payments/manual_donation/', m.token, body);
      expect(refused?.status).toBe(400);
      expect(JSON.parse(refused!.body)).toEqual({ check: [en.file_too_large.replace('{limit}', '10')] });
      expect(next).toMatchObject({ status: 200, body: JSON.stringify({ status: 'ok', database: 'up' }) });
    },
    KEEP_ALIVE_TIMEOUT_MS,
  );

  it(
    'partner documents with a too large one',
    async () => {
      const body = partsForm([
        ...partnerFields('big.doc@uploads.test'),
        {
          name: 'documents',
          filename: 'big.pdf',
          content: Buffer.concat([PDF, Buffer.alloc(11 * MB, 32)]),
          type: 'application/pdf',
        },
      ]);
      const { refused, next } = await refusedThenNext('/api/accounts/user/create_partner_user/', admin, body);
      expect(refused?.status).toBe(400);
      expect(JSON.parse(refused!.body).documents).toEqual([en.document_invalid]);
      expect(next).toMatchObject({ status: 200, body: JSON.stringify({ status: 'ok', database: 'up' }) });
    },
    KEEP_ALIVE_TIMEOUT_MS,
  );

  it(
    'an admin upload refused by its first bytes',
    async () => {
      const body = oneFile('file', 'fake.png', 'image/png', Buffer.alloc(20 * MB, 0x41));
      const { refused, next } = await refusedThenNext('/api/admin/uploads?kind=image', admin, body);
      expect(refused?.status).toBe(400);
      expect(JSON.parse(refused!.body)).toEqual({ file: [expect.stringContaining('JPEG, PNG, WebP, GIF')] });
      expect(next).toMatchObject({ status: 200, body: JSON.stringify({ status: 'ok', database: 'up' }) });
    },
    KEEP_ALIVE_TIMEOUT_MS,
  );

  it(
    'a body too large to read to its end: the answer closes the connection at once',
    async () => {
      // Announces 64 MB, sends the first 1 MB of a file refused by its first bytes, and waits.
      const body = oneFile('file', 'fake.png', 'image/png', Buffer.alloc(64 * MB, 0x41));
      const conn = await RawConnection.open(port);
      try {
        conn.send(
          'POST',
          '/api/admin/uploads?kind=image',
          {
            ...body.headers,
            'content-length': body.payload.length,
            authorization: `JWT ${admin}`,
            'accept-language': 'en',
          },
          body.payload.subarray(0, MB),
        );
        const refused = await conn.response();
        expect(refused?.status).toBe(400);
        expect(JSON.parse(refused!.body)).toEqual({ file: [expect.stringContaining('JPEG, PNG, WebP, GIF')] });
        expect(refused?.headers.connection).toBe('close');
        // The client learns at once that its next request needs a new connection.
        await conn.closed();
      } finally {
        conn.destroy();
      }
    },
    KEEP_ALIVE_TIMEOUT_MS,
  );
});

describe('pixel limits before decoding', () => {
  it('an avatar of 6300×6300 pixels is refused by its header, nothing stored', async () => {
    const m = await member();
    const before = storedFiles();
    const huge = png(6300, 6300);
    expect(huge.length).toBeLessThan(5 * MB);
    const res = await postForm('/api/accounts/me/', m.token, oneFile('avatar', 'huge.png', 'image/png', huge));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ avatar: [en.image_too_many_pixels.replace('{limit}', '16')] });
    expect((await call(t, 'GET', '/api/accounts/me/', { token: m.token })).json().avatar).toBeNull();
    expect(storedFiles()).toEqual(before);
  });

  it('stored images (admin uploads, manual donation checks, partner documents) over 25 megapixels are refused; smaller ones pass', async () => {
    const huge = png(6300, 6300);
    const before = storedFiles();
    const adminRes = await postForm(
      '/api/admin/uploads?kind=image',
      admin,
      oneFile('file', 'huge.png', 'image/png', huge),
    );
    expect(adminRes.statusCode).toBe(400);
    expect(adminRes.json()).toEqual({ file: [en.image_too_many_pixels.replace('{limit}', '25')] });

    const m = await member();
    const check = form(
      { amount: '10', payment_method: String(bankId), payment_datetime: new Date(Date.now() - 3600_000).toISOString() },
      { field: 'check', name: 'check.png', type: 'image/png', content: huge },
    );
    const donation = await postForm('/api/payments/manual_donation/', m.token, check);
    expect(donation.statusCode).toBe(400);
    expect(donation.json()).toEqual({ check: [en.image_too_many_pixels.replace('{limit}', '25')] });

    const partner = await postForm(
      '/api/accounts/user/create_partner_user/',
      admin,
      partsForm([
        ...partnerFields('huge.scan@uploads.test'),
        { name: 'documents', filename: 'scan.png', content: huge, type: 'image/png' },
      ]),
    );
    expect(partner.statusCode).toBe(400);
    expect(partner.json().documents).toEqual([en.image_too_many_pixels.replace('{limit}', '25')]);
    expect(storedFiles()).toEqual(before);

    const fine = await postForm(
      '/api/admin/uploads?kind=image',
      admin,
      oneFile('file', 'fine.png', 'image/png', png(4000, 4000)),
    );
    expect(fine.statusCode, fine.body).toBe(201);
  });
});

describe('avatar uploads are rate-limited per user', () => {
  it('the 11th upload within 10 minutes is a 429; another user is not held back', async () => {
    const m = await member();
    const notAnImage = oneFile('avatar', 'x.png', 'image/png', Buffer.from('not an image'));
    for (let i = 0; i < 10; i++) {
      expect((await postForm('/api/accounts/me/', m.token, notAnImage)).statusCode).toBe(400);
    }
    const limited = await postForm('/api/accounts/me/', m.token, notAnImage);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      code: 'throttled',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await member();
    expect((await postForm('/api/accounts/me/', other.token, notAnImage)).statusCode).toBe(400);
  });
});

describe('too many partner documents', () => {
  const pdfs = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      name: 'documents',
      filename: `doc${i}.pdf`,
      content: PDF,
      type: 'application/pdf',
    }));

  it.each([11, 15])('%i documents: a field error on documents, nothing stored', async (n) => {
    const before = storedFiles();
    const email = `many.docs.${n}@uploads.test`;
    const res = await postForm(
      '/api/accounts/user/create_partner_user/',
      admin,
      partsForm([...partnerFields(email), ...pdfs(n)]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ documents: [en.documents_too_many.replace('{limit}', '10')] });
    expect((await t.pool.query('select 1 from users where email = $1', [email])).rowCount).toBe(0);
    expect(storedFiles()).toEqual(before);
  });
});

describe('signed links to private files', () => {
  it('a payment proof link holds for minutes: it works now and is refused once expired', async () => {
    const m = await member();
    const body = form(
      { amount: '10', payment_method: String(bankId), payment_datetime: new Date(Date.now() - 3600_000).toISOString() },
      { field: 'check', name: 'check.pdf', type: 'application/pdf', content: PDF },
    );
    const res = await postForm('/api/payments/manual_donation/', m.token, body);
    expect(res.statusCode).toBe(201);
    const link = res.json<Json>().check as string;
    const exp = Number(new URL(link, 'http://x').searchParams.get('exp'));
    // Ten minutes, rounded up to five: never more than a quarter of an hour.
    expect(exp * 1000 - clock.now().getTime()).toBeLessThanOrEqual(15 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);

    clock.advance(16 * 60_000);
    const expired = await t.app.inject({ method: 'GET', url: link, headers: { 'accept-language': 'en' } });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ detail: en.permission_denied, code: 'permission_denied' });
    // A fresh answer signs a fresh link, which works.
    const again = await call(t, 'GET', '/api/payments/donations/', { token: m.token });
    const fresh = again.json<Json>().results[0].check as string;
    expect(fresh).not.toBe(link);
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
  });
});
