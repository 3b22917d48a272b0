import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { catalogues } from '../../src/server/i18n';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { hideLinkTokens } from '../../src/server/services/admin/outbox';
import { createTestApp, type TestApp } from '../setup/test-app';
import { call, makeMember, me, postLogin, tokenOf, waitFor } from '../setup/accounts';

/** The password-reset flow against a real SMTP peer: what nodemailer hands over is what a mailbox gets. */

type Received = { from: string; to: string[]; raw: Buffer };

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

const MEMBER = 'member@demo.atrium';
/** A real SMTP round trip takes longer than the outbox insert, more so on a busy machine. */
const SMTP_WAIT_MS = 5000;
const RESET_LINK = /\/password-reset\/([A-Za-z0-9_%-]+)/;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('bounce')) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        cb(err);
        return;
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Atrium <no-reply@atrium.test>' },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => {
    smtp.close(() => {
      resolve();
    });
  });
});

describe('password reset over SMTP', () => {
  let resetToken: string;
  let sessionBefore: string;

  it('mails a German reset link to a German-speaking member', async () => {
    sessionBefore = await t.login(MEMBER);
    await t.pool.query(`update users set language = 'de' where email = $1`, [MEMBER]);

    // The caller's own language (en) decides the answer, the user's (de) the mail.
    const res = await call(t, 'POST', '/api/password_reset/', { body: { email: MEMBER } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: catalogues.en.reset_sent });

    const msg = await waitFor(
      () => Promise.resolve(received.find((m) => m.to.includes(MEMBER))),
      'the reset mail over SMTP',
      SMTP_WAIT_MS,
    );
    expect(msg.from).toBe('no-reply@atrium.test');
    const mail = await PostalMime.parse(msg.raw);
    expect(mail.subject).toBe('Atrium-Passwort zurücksetzen');
    expect(mail.to?.map((a) => a.address)).toEqual([MEMBER]);
    expect(mail.from?.address).toBe('no-reply@atrium.test');
    expect(mail.text).toBeTruthy();
    expect(mail.html).toBeTruthy();
    expect(mail.text).toContain(catalogues.de.mail_greeting.replace('{name}', 'Maria'));
    expect(mail.text).toContain(catalogues.de.mail_reset_button);
    expect(mail.html).toContain('lang="de"');
    expect(mail.html).toContain(catalogues.de.mail_reset_button);

    const fromText = tokenOf(mail.text!, RESET_LINK);
    expect(tokenOf(mail.html!, RESET_LINK)).toBe(fromText);
    expect(mail.text).toContain(`${t.config.publicUrl}/password-reset/`);
    resetToken = fromText;
  });

  it('records the mail as delivered in the outbox', async () => {
    const row = await waitFor(
      async () => {
        const { rows } = await t.pool.query('select subject, delivered, error from mail_outbox where "to" = $1', [
          MEMBER,
        ]);
        return rows[0]?.delivered ? rows[0] : null;
      },
      'mail_outbox.delivered',
      SMTP_WAIT_MS,
    );
    expect(row).toEqual({ subject: 'Atrium-Passwort zurücksetzen', delivered: true, error: null });
  });

  it('sets the new password through the link and ends the old sessions', async () => {
    expect((await me(t, sessionBefore)).status).toBe(200);
    const res = await call(t, 'POST', '/api/password_reset/confirm/', {
      body: { token: resetToken, password: 'brand-new-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: catalogues.en.password_changed });

    const old = await postLogin(t, { username: MEMBER, password: DEMO_PASSWORD });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ non_field_errors: [catalogues.en.wrong_email_or_password] });

    const fresh = await postLogin(t, { username: MEMBER, password: 'brand-new-pass-1' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user).toMatchObject({ email: MEMBER, language: 'de' });
    expect((await me(t, fresh.json().token)).status).toBe(200);

    const before = await me(t, sessionBefore);
    expect(before.status).toBe(401);
    expect(before.body.code).toBe('not_authenticated');
  });

  it('refuses the link a second time', async () => {
    const res = await call(t, 'POST', '/api/password_reset/confirm/', {
      body: { token: resetToken, password: 'another-pass-2' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: ['Link has expired'] });
    const still = await postLogin(t, { username: MEMBER, password: 'brand-new-pass-1' });
    expect(still.statusCode).toBe(200);
  });

  it('records a refused delivery in the outbox; the caller still gets the same answer', async () => {
    const m = await makeMember(t);
    await t.pool.query(`update users set email = 'bounce@test.atrium' where id = $1`, [m.id]);
    const res = await call(t, 'POST', '/api/password_reset/', { body: { email: 'bounce@test.atrium' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: catalogues.en.reset_sent });
    const row = await waitFor(
      async () => {
        const { rows } = await t.pool.query('select delivered, error from mail_outbox where "to" = $1', [
          'bounce@test.atrium',
        ]);
        return rows[0]?.error ? rows[0] : null;
      },
      'the delivery error in mail_outbox',
      SMTP_WAIT_MS,
    );
    expect(row.delivered).toBe(false);
    expect(row.error).toMatch(/550/);
    expect(received.some((r) => r.to.includes('bounce@test.atrium'))).toBe(false);
  });

  it('sends nothing for an unknown email but answers the same', async () => {
    const count = received.length;
    const res = await call(t, 'POST', '/api/password_reset/', { body: { email: 'nobody@demo.atrium' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: catalogues.en.reset_sent });
    await new Promise((r) => setTimeout(r, 300));
    expect(received.length).toBe(count);
    const { rowCount } = await t.pool.query('select 1 from mail_outbox where "to" = $1', ['nobody@demo.atrium']);
    expect(rowCount).toBe(0);
  });
});

describe('the admin outbox with SMTP configured', () => {
  it('hides the token of every link, while the mail itself went out whole', async () => {
    const m = await makeMember(t);
    expect((await call(t, 'POST', '/api/password_reset/', { body: { email: m.email } })).statusCode).toBe(200);
    const msg = await waitFor(
      () => Promise.resolve(received.find((r) => r.to.includes(m.email))),
      'the reset mail over SMTP',
      SMTP_WAIT_MS,
    );
    const mail = await PostalMime.parse(msg.raw);
    const token = tokenOf(mail.text!, RESET_LINK);
    const { rows } = await t.pool.query<{ id: number }>('select id from mail_outbox where "to" = $1', [m.email]);

    const admin = await t.login('admin@demo.atrium');
    const list = await call(
      t,
      'GET',
      `/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ q: m.email }))}`,
      { token: admin },
    );
    const one = await call(t, 'GET', `/api/admin/outbox/${rows[0]!.id}`, { token: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(one.statusCode, one.body).toBe(200);
    for (const shown of [list.json()[0], one.json()]) {
      expect(shown.to).toBe(m.email);
      expect(JSON.stringify(shown)).not.toContain(token);
      expect(shown.text).toContain(`${t.config.publicUrl}/password-reset/<hidden>`);
      expect(shown.html).toContain(`href="${t.config.publicUrl}/password-reset/&lt;hidden&gt;?lang=en"`);
    }
    // The link still works for the one who got the mail.
    const res = await call(t, 'POST', '/api/password_reset/confirm/', {
      body: { token, password: 'outbox-masked-pass-1' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('hides a token in a query as well', () => {
    const link = 'https://atrium.example/email-required?token=Xy_9-abcdefghijklmnopqrstuvwxyz0123456789&lang=de';
    expect(hideLinkTokens(`Open ${link} now`, '<hidden>')).toBe(
      'Open https://atrium.example/email-required?token=<hidden>&lang=de now',
    );
    // Words and a long host name stay as they are.
    expect(hideLinkTokens('https://atrium-production-server-number-one.example/password-reset/', '<hidden>')).toBe(
      'https://atrium-production-server-number-one.example/password-reset/',
    );
  });
});
