import { expect } from 'vitest';
import { api, type Json } from './learning';
import type { TestApp } from './test-app';

/** Shared pieces of the flows API tests (tests/api/flows*.test.ts). */

let seq = 0;
export const landingName = (prefix = 'page') => `${prefix}-${++seq}-${Date.now().toString(36)}`;

export async function makeFlow(t: TestApp, token: string, body: Json = {}): Promise<Json> {
  const res = await api(t, 'POST', '/api/user_flows/', {
    token,
    body: { name: 'My funnel', landing_name: landingName(), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function addElement(t: TestApp, token: string, flowId: number, body: Json): Promise<Json> {
  const res = await api(t, 'POST', `/api/user_flows/landing_edit/${flowId}/`, { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export const heading = (text: string, order = 1000) => ({ type: 'heading', order, content: { text, level: 1 } });
export const leadForm = (
  order = 1000,
  fields: Json[] = [
    { name: 'first_name', required: true },
    { name: 'email', required: true },
    { name: 'phone', required: false },
  ],
) => ({
  type: 'lead_form',
  order,
  content: { title: 'Join us', fields, button_label: 'Join', success_message: 'Welcome aboard!' },
});

/** A multipart/form-data body of text fields and one file part. */
export function multipartFields(
  fields: Record<string, string>,
  file: { field: string; name: string; content: Buffer; type: string },
) {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
