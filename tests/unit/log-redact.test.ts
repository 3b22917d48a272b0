import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../../src/server/http/request-log';

function logged(write: (log: pino.Logger) => void): string {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  write(pino({ redact: LOG_REDACT }, sink));
  return out;
}

describe('LOG_REDACT', () => {
  it("keeps an error's code (PostgreSQL's SQLSTATE) and hides passwords, tokens and a body's two-factor code", () => {
    const out = logged((log) => {
      log.error({ err: { message: 'duplicate key', code: '23505' } }, 'query failed');
      log.info({ body: { code: '123456', password: 'secret-pw' }, req: { body: { code: '654321' } } }, 'login');
      log.info({ link: { token: 'tok-abc' } }, 'link');
    });
    expect(out).toContain('"code":"23505"');
    for (const secret of ['123456', '654321', 'secret-pw', 'tok-abc']) expect(out).not.toContain(secret);
  });
});
