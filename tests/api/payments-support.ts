import { expect } from 'vitest';
import type { Json } from '../setup/accounts';
import type { TestApp } from '../setup/test-app';

/** Shared pieces of the payments and subscription API tests. */

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** A multipart/form-data body of text fields and at most one file. */
export function form(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; content: Buffer },
) {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The path of a sandbox payment URL (the tests drive the app with inject, not over the network). */
const pathOf = (url: string) => new URL(url).pathname;

/** Opens the sandbox checkout page and presses Pay (or Decline), as the payer's browser would. */
export async function sandboxDecide(t: TestApp, paymentUrl: string, action: 'pay' | 'decline' = 'pay') {
  const path = pathOf(paymentUrl);
  const page = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'en' } });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    payload: `action=${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

export async function rows<T = Json>(t: TestApp, text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.pool.query(text, params)).rows as T[];
}
