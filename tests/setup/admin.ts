import { createUser } from '../factories';
import type { TestApp } from './test-app';

/** Shared pieces of the consultant-administration and import API tests. */

export { call as api, type Json } from './accounts';

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body of text fields and files, in the given order. */
export function form(parts: Part[]) {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A user straight in the database (password `staff-password-1`), English, activated. */
export async function makeUser(
  t: TestApp,
  opts: {
    role?: 'member' | 'consultant' | 'admin';
    referrerId?: number;
    responsibleId?: number;
    email?: string;
    phone?: string;
  } = {},
): Promise<{ id: number; email: string; password: string }> {
  const password = 'staff-password-1';
  const user = await createUser(t.db, {
    ...(opts.email !== undefined && { email: opts.email }),
    phone: opts.phone ?? null,
    password,
    emailActivation: true,
    language: 'en',
    role: opts.role ?? 'member',
    referrerId: opts.referrerId ?? null,
    responsibleId: opts.responsibleId ?? null,
  });
  return { ...user, password };
}

export async function makeTag(t: TestApp, name: string): Promise<number> {
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into tags (name) values ($1) on conflict (name) do update set name = excluded.name returning id`,
    [name],
  );
  return rows[0]!.id;
}
