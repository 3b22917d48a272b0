import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeMember, userId, waitFor, type Json } from '../setup/accounts';
import { createPayment } from '../factories';
import { clock } from '../../src/server/clock';
import { expireCheckouts } from '../../src/server/services/payments/checkout';
import { createTestApp, type TestApp } from '../setup/test-app';
import { form, PDF, PNG, rows, sandboxDecide } from './payments-support';

let t: TestApp;
let consultantId: number;
let cardId: number;
let bankId: number;

const checkFiles = () => {
  const dir = path.join(t.config.dataDir, 'uploads', 'documents');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

beforeAll(async () => {
  t = await createTestApp();
  consultantId = await userId(t, 'consultant@demo.atrium');
  const methods = await rows<{ id: number; code: string }>(t, 'select id, code from payment_methods');
  cardId = methods.find((m) => m.code === 'card')!.id;
  bankId = methods.find((m) => m.code === 'bank_transfer')!.id;
});
afterAll(async () => t.close());

async function member(opts: { responsibleId?: number; language?: 'ru' | 'en' | 'de' } = {}) {
  const m = await makeMember(t, opts);
  return { ...m, token: await t.login(m.email, m.password) };
}

function manual(
  token: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; content: Buffer },
  lang = 'en',
) {
  const body = form(fields, file && { field: 'check', ...file });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/manual_donation/',
    payload: body.payload,
    headers: { ...body.headers, authorization: `JWT ${token}`, 'accept-language': lang },
  });
}

const now = () => new Date(Date.now() - 3600_000).toISOString();

describe('payment methods', () => {
  it('lists the switched-on methods, translated', async () => {
    const m = await member({ language: 'de' });
    const res = await call(t, 'POST', '/api/payments/get_payment_methods/', { token: m.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ id: cardId, name: 'Karte', kind: 'online' }),
      expect.objectContaining({
        id: bankId,
        name: 'Banküberweisung',
        kind: 'manual',
        instructions: expect.stringContaining('IBAN'),
      }),
    ]);
    expect((await call(t, 'POST', '/api/payments/get_payment_methods/')).statusCode).toBe(401);
  });
});

describe('online donation', () => {
  it('answers a payment URL; paying through the sandbox marks it paid once and mails a receipt', async () => {
    const m = await member();
    const res = await call(t, 'POST', '/api/payments/donation/', {
      token: m.token,
      body: { amount: '25.50', payment_method: cardId },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Json>();
    expect(body).toMatchObject({
      status: 'pending',
      payment_url: expect.stringMatching(/^http:\/\/localhost:\d+\/api\/payments\/sandbox\/checkout\/sbx_/),
    });
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(body.payment_url).pathname,
      headers: { 'accept-language': 'en' },
    });
    expect(page.body).toContain('25.50 USD');
    expect(await sandboxDecide(t, body.payment_url)).toContain('Payment confirmed.');
    // Pressing Pay again (a second tab) changes nothing.
    expect(await sandboxDecide(t, body.payment_url)).toContain('already closed');
    const [p] = await rows(t, 'select state, amount_cents, provider, paid_at from payments where id = $1', [body.id]);
    expect(p).toMatchObject({ state: 'paid', amount_cents: 2550, provider: 'sandbox' });
    expect((await rows(t, 'select * from provider_events where payment_id = $1', [body.id])).length).toBe(1);
    const mail = await waitFor(
      async () => (await rows(t, 'select subject, text from mail_outbox where "to" = $1', [m.email]))[0],
      'receipt',
    );
    expect(mail.subject).toBe('Your payment receipt');
    expect(mail.text).toContain('25.50 USD');
    const mine = await call(t, 'GET', '/api/payments/donations/', { token: m.token });
    expect(mine.json()).toMatchObject({
      count: 1,
      results: [{ id: body.id, amount: '25.50', status: 'paid', payment_method: { name: 'Card' } }],
    });
  });

  it('a declined payment is failed; multipart works like JSON', async () => {
    const m = await member();
    const body = form({ amount: '5', payment_method: String(cardId) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/donation/',
      payload: body.payload,
      headers: { ...body.headers, authorization: `JWT ${m.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await sandboxDecide(t, res.json().payment_url, 'decline')).toContain('Payment declined.');
    expect((await rows(t, 'select state from payments where id = $1', [res.json().id]))[0]!.state).toBe('failed');
  });

  it('refuses a bad amount or method with the field messages and records nothing', async () => {
    const m = await member();
    const cases: Array<[Json, Json]> = [
      [
        { amount: '0', payment_method: cardId },
        { amount: ['Please, enter an amount in USD greater than 0, e.g. 25.00 (at most 100000.00).'] },
      ],
      [
        { amount: '100000.01', payment_method: cardId },
        { amount: ['Please, enter an amount in USD greater than 0, e.g. 25.00 (at most 100000.00).'] },
      ],
      [
        { amount: '12.345', payment_method: cardId },
        { amount: ['Please, enter an amount in USD greater than 0, e.g. 25.00 (at most 100000.00).'] },
      ],
      [{ amount: '10', payment_method: bankId }, { payment_method: ['Please, select payment method'] }],
      [{ amount: '10', payment_method: 999999 }, { payment_method: ['Please, select payment method'] }],
      [{ payment_method: cardId }, { amount: ['Please, fill this field'] }],
    ];
    for (const [input, errors] of cases) {
      const res = await call(t, 'POST', '/api/payments/donation/', { token: m.token, body: input });
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const ru = await member({ language: 'ru' });
    const refused = await call(t, 'POST', '/api/payments/donation/', {
      token: ru.token,
      body: { amount: '-1', payment_method: cardId },
    });
    expect(refused.json()).toEqual({
      amount: ['Пожалуйста, введите сумму в USD больше 0, например 25.00 (не более 100000.00).'],
    });
    expect((await rows(t, 'select count(*)::int as n from payments where user_id = $1', [m.id]))[0]!.n).toBe(0);
  });
});

describe('manual donation', () => {
  it('records a pending donation with its check (a PDF or an image), visible only through a signed link', async () => {
    const m = await member();
    const res = await manual(
      m.token,
      { amount: '40', payment_method: String(bankId), payment_datetime: now(), comment: 'June' },
      { name: 'check.pdf', type: 'application/pdf', content: PDF },
    );
    expect(res.statusCode).toBe(201);
    const d = res.json<Json>();
    expect(d).toMatchObject({
      amount: '40.00',
      status: 'pending',
      comment: 'June',
      payment_method: { id: bankId, kind: 'manual' },
      reject_reason: null,
    });
    expect(d.check).toMatch(/^\/media\/documents\/[\w-]+\.pdf\?exp=\d+&sig=/);
    expect((await t.app.inject({ method: 'GET', url: d.check })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: d.check.split('?')[0] })).statusCode).toBe(403);
    const img = await manual(
      m.token,
      { amount: '5.5', payment_method: String(bankId), payment_datetime: now() },
      { name: 'c.png', type: 'image/png', content: PNG },
    );
    expect(img.statusCode).toBe(201);
  });

  it('validates amount, method, date and time, and the check; a refused form stores no file', async () => {
    const m = await member();
    const before = checkFiles().length;
    const ok = { amount: '10', payment_method: String(bankId), payment_datetime: now() };
    const pdf = { name: 'check.pdf', type: 'application/pdf', content: PDF };
    const cases: Array<[Record<string, string>, typeof pdf | undefined, Json]> = [
      [
        { ...ok, amount: 'ten' },
        pdf,
        { amount: ['Please, enter an amount in USD greater than 0, e.g. 25.00 (at most 100000.00).'] },
      ],
      [{ ...ok, amount: '' }, pdf, { amount: ['Please, fill this field'] }],
      [{ ...ok, payment_method: String(cardId) }, pdf, { payment_method: ['Please, select payment method'] }],
      [{ ...ok, payment_datetime: 'yesterday' }, pdf, { payment_datetime: ['Payment date and time is invalid'] }],
      [
        { ...ok, payment_datetime: '2026-02-30T10:00:00Z' },
        pdf,
        { payment_datetime: ['Payment date and time is invalid'] },
      ],
      [
        { ...ok, payment_datetime: new Date(Date.now() + 86400_000).toISOString() },
        pdf,
        { payment_datetime: ['Payment date and time is invalid'] },
      ],
      [ok, undefined, { check: ['Please, attach the confirmation check'] }],
      [
        ok,
        {
          name: 'check.pdf',
          type: 'application/pdf',
          content: Buffer.from('MZ\x90\x00 not a pdf at all, an executable'),
        },
        { check: ['This type of file is not allowed here: JPEG, PNG, WebP, PDF.'] },
      ],
      [
        ok,
        {
          name: 'big.pdf',
          type: 'application/pdf',
          content: Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024 - PDF.length, 32)]),
        },
        { check: ['The file is too large: at most 10 MB.'] },
      ],
    ];
    for (const [fields, file, errors] of cases) {
      const res = await manual(m.token, fields, file);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const ruMember = await member({ language: 'ru' });
    const ru = await manual(ruMember.token, { ...ok, payment_datetime: '31/12/2025' }, pdf);
    expect(ru.json()).toEqual({ payment_datetime: ['Дата и время платежа указаны неверно'] });
    expect(checkFiles().length).toBe(before);
    expect((await rows(t, 'select count(*)::int as n from payments where user_id = $1', [m.id]))[0]!.n).toBe(0);
  });
});

describe('my donations', () => {
  it('lists each donation as its own answer shows it: every state, translated and custom methods, a method no longer listed, a signed check', async () => {
    const m = await member({ language: 'de' });
    const custom = await rows<{ id: number }>(
      t,
      `insert into payment_methods (code, name, kind, instructions, logo, is_active) values ($1, 'Kasse im Büro', 'manual', 'Zimmer 4, "bitte klingeln"', '/media/logo.png', true) returning id`,
      [`office_${Date.now()}`],
    );
    const sneaky = 'x "check":"/media/documents/not-a-check.pdf" ü \\ \n';
    const made: Json[] = [];
    for (const [fields, file] of [
      [
        { amount: '40', payment_method: String(bankId), comment: sneaky },
        { name: 'c.pdf', type: 'application/pdf', content: PDF },
      ],
      [
        { amount: '5.05', payment_method: String(custom[0]!.id) },
        { name: 'c.png', type: 'image/png', content: PNG },
      ],
      [
        { amount: '99999.99', payment_method: String(bankId) },
        { name: 'c.pdf', type: 'application/pdf', content: PDF },
      ],
    ] as const) {
      const res = await manual(m.token, { ...fields, payment_datetime: now() }, file, 'de');
      expect(res.statusCode).toBe(201);
      made.push(res.json());
    }
    await rows(t, `update payments set state = 'canceled', reject_reason = 'Unlesbar' where id = $1`, [made[2]!.id]);
    await rows(t, `update payments set state = 'paid', paid_at = now() where id = $1`, [made[1]!.id]);
    const gone = await createPayment(t.db, {
      userId: m.id,
      state: 'failed',
      amountCents: 1234,
      method: 'retired_wallet',
    });
    await createPayment(t.db, { userId: m.id, kind: 'subscription' });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payments/donations/?page_size=2',
      headers: { authorization: `JWT ${m.token}`, 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(200);
    const first = res.json<Json>();
    expect(first).toMatchObject({ count: 4, total_count: 4, current: 1, previous: null, next: '?page_size=2&page=2' });
    const second = (
      await call(t, 'GET', '/api/payments/donations/?page=2&page_size=2', {
        token: m.token,
        headers: { 'accept-language': 'de' },
      })
    ).json<Json>();
    const listed = [...first.results, ...second.results];
    expect(listed.map((d: Json) => d.id)).toEqual([gone.id, made[2]!.id, made[1]!.id, made[0]!.id]);

    // Each one as the answer to its POST (written in JS) shows it, but for what staff changed since.
    const paidAt = async (id: number) =>
      new Date((await rows(t, 'select paid_at from payments where id = $1', [id]))[0]!.paid_at).toISOString();
    const byId = new Map(listed.map((d: Json) => [d.id, d]));
    expect(byId.get(made[0]!.id)).toEqual(made[0]);
    expect(byId.get(made[0]!.id)!.comment).toBe(sneaky);
    expect(byId.get(made[0]!.id)!.payment_method).toMatchObject({
      name: 'Banküberweisung',
      instructions: expect.stringContaining('IBAN'),
    });
    expect(byId.get(made[1]!.id)).toEqual({ ...made[1], status: 'paid', paid_at: await paidAt(made[1]!.id) });
    expect(byId.get(made[1]!.id)!.payment_method).toEqual({
      id: custom[0]!.id,
      name: 'Kasse im Büro',
      kind: 'manual',
      instructions: 'Zimmer 4, "bitte klingeln"',
      logo: '/media/logo.png',
    });
    expect(byId.get(made[2]!.id)).toEqual({ ...made[2], status: 'canceled', reject_reason: 'Unlesbar' });
    expect(byId.get(gone.id)).toEqual({
      id: gone.id,
      amount: '12.34',
      payment_method: { id: 1, name: 'retired_wallet', kind: 'online', instructions: '', logo: null },
      status: 'failed',
      payment_datetime: null,
      check: null,
      comment: '',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      paid_at: null,
      reject_reason: null,
      payment_url: null,
    });
    for (const d of listed.filter((x: Json) => x.check))
      expect((await t.app.inject({ method: 'GET', url: d.check })).statusCode).toBe(200);

    // The member's language names the built-in method.
    const ru = await member({ language: 'ru' });
    await manual(
      ru.token,
      { amount: '6', payment_method: String(bankId), payment_datetime: now() },
      { name: 'c.pdf', type: 'application/pdf', content: PDF },
    );
    expect(
      (await call(t, 'GET', '/api/payments/donations/', { token: ru.token })).json().results[0].payment_method.name,
    ).toBe('Банковский перевод');
    const other = await member();
    expect((await call(t, 'GET', '/api/payments/donations/', { token: other.token })).json()).toMatchObject({
      count: 0,
      results: [],
    });
    expect((await call(t, 'GET', '/api/payments/donations/')).statusCode).toBe(401);
  });
});

describe('staff review of manual donations', () => {
  it('a consultant approves a pending donation of their member: paid, receipt, action history, in the contact donations', async () => {
    const m = await member({ responsibleId: consultantId });
    const d = (
      await manual(
        m.token,
        { amount: '30', payment_method: String(bankId), payment_datetime: now() },
        { name: 'c.pdf', type: 'application/pdf', content: PDF },
      )
    ).json<Json>();
    const staff = await t.login('consultant@demo.atrium');
    const list = await call(
      t,
      'GET',
      `/api/staff/payments?filter=${encodeURIComponent(JSON.stringify({ state: 'pending', kind: 'donation', user_id: m.id }))}`,
      { token: staff },
    );
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('staff/payments 0-0/1');
    expect(list.json()[0]).toMatchObject({
      id: d.id,
      is_manual: true,
      check_type: 'pdf',
      check: expect.stringMatching(/sig=/),
      user: { id: m.id },
    });

    const ok = await call(t, 'POST', `/api/staff/payments/${d.id}/approve`, { token: staff });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ state: 'paid', decided_by: { id: consultantId }, paid_at: expect.any(String) });
    const again = await call(t, 'POST', `/api/staff/payments/${d.id}/approve`, { token: staff });
    expect(again.statusCode).toBe(409);
    const log = await rows(
      t,
      `select actor_id, subject_id, kind, details from action_logs where kind = 'payment_approved' and subject_id = $1`,
      [m.id],
    );
    expect(log).toEqual([
      {
        actor_id: consultantId,
        subject_id: m.id,
        kind: 'payment_approved',
        details: { payment_id: d.id, amount: '30.00' },
      },
    ]);
    // The receipt, and the notice that the donation was approved (issue 28).
    await waitFor(
      async () => (await rows(t, 'select 1 from mail_outbox where "to" = $1', [m.email])).length === 2,
      'receipt and notice',
    );

    const contact = await call(t, 'POST', '/api/team/contact/get_donations/', {
      token: staff,
      body: { user_id: m.id },
    });
    expect(contact.statusCode).toBe(200);
    expect(contact.json()).toMatchObject({
      count: 1,
      results: [{ id: d.id, kind: 'donation', amount: '30.00', status: 'paid', payment_method: 'Банковский перевод' }],
    });
  });

  it('a rejected donation carries the reason the member sees; online payments cannot be decided by hand', async () => {
    const m = await member({ responsibleId: consultantId });
    const d = (
      await manual(
        m.token,
        { amount: '12', payment_method: String(bankId), payment_datetime: now() },
        { name: 'c.png', type: 'image/png', content: PNG },
      )
    ).json<Json>();
    const admin = await t.login('admin@demo.atrium');
    const empty = await call(t, 'POST', `/api/staff/payments/${d.id}/reject`, {
      token: admin,
      body: { reason: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    const res = await call(t, 'POST', `/api/staff/payments/${d.id}/reject`, {
      token: admin,
      body: { reason: 'The check is unreadable' },
    });
    expect(res.json()).toMatchObject({ state: 'canceled', reject_reason: 'The check is unreadable' });
    const mine = await call(t, 'GET', '/api/payments/donations/', { token: m.token });
    expect(mine.json().results[0]).toMatchObject({
      id: d.id,
      status: 'canceled',
      reject_reason: 'The check is unreadable',
    });

    const online = await call(t, 'POST', '/api/payments/donation/', {
      token: m.token,
      body: { amount: '8', payment_method: cardId },
    });
    const forbidden = await call(t, 'POST', `/api/staff/payments/${online.json().id}/approve`, { token: admin });
    expect(forbidden.statusCode).toBe(403);
  });

  it('staff see only the payments of users they look after; members cannot use the staff calls', async () => {
    const stranger = await member();
    const d = (
      await manual(
        stranger.token,
        { amount: '7', payment_method: String(bankId), payment_datetime: now() },
        { name: 'c.pdf', type: 'application/pdf', content: PDF },
      )
    ).json<Json>();
    const staff = await t.login('consultant@demo.atrium');
    expect((await call(t, 'GET', `/api/staff/payments/${d.id}`, { token: staff })).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/staff/payments/${d.id}/approve`, { token: staff })).statusCode).toBe(404);
    const list = await call(
      t,
      'GET',
      `/api/staff/payments?filter=${encodeURIComponent(JSON.stringify({ user_id: stranger.id }))}`,
      { token: staff },
    );
    expect(list.json()).toEqual([]);
    expect(
      (await call(t, 'POST', '/api/team/contact/get_donations/', { token: staff, body: { user_id: stranger.id } }))
        .statusCode,
    ).toBe(403);
    expect((await call(t, 'GET', '/api/staff/payments', { token: stranger.token })).statusCode).toBe(403);
    expect(
      (await call(t, 'POST', '/api/team/contact/get_donations/', { token: staff, body: { user_id: 2147483000 } }))
        .statusCode,
    ).toBe(404);
    const admin = await t.login('admin@demo.atrium');
    expect((await call(t, 'GET', `/api/staff/payments/${d.id}`, { token: admin })).json()).toMatchObject({
      id: d.id,
      state: 'pending',
    });
    const bad = await call(
      t,
      'GET',
      `/api/staff/payments?filter=${encodeURIComponent(JSON.stringify({ state: 'lost' }))}`,
      { token: admin },
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('donation rules', () => {
  const setMinimum = (usd: number) =>
    rows(t, `update configs set value = $1::jsonb where key = 'donations.min_amount'`, [JSON.stringify(usd)]);

  it("refuses an amount below the configured minimum, online and manual, naming the minimum in the member's language", async () => {
    const m = await member();
    const online = await call(t, 'POST', '/api/payments/donation/', {
      token: m.token,
      body: { amount: '2', payment_method: cardId },
    });
    expect(online.statusCode).toBe(400);
    expect(online.json()).toEqual({ amount: ['The smallest donation is $5.00.'] });
    const pdf = { name: 'c.pdf', type: 'application/pdf', content: PDF };
    const byHand = await manual(
      (await member({ language: 'de' })).token,
      { amount: '4.99', payment_method: String(bankId), payment_datetime: now() },
      pdf,
      'de',
    );
    expect(byHand.statusCode).toBe(400);
    expect(byHand.json()).toEqual({ amount: ['Die kleinste Spende beträgt $5.00.'] });
    const ru = await member({ language: 'ru' });
    const refused = await call(t, 'POST', '/api/payments/donation/', {
      token: ru.token,
      body: { amount: '1', payment_method: cardId },
    });
    expect(refused.json()).toEqual({ amount: ['Минимальная сумма пожертвования — $5.00.'] });
    expect(await rows(t, 'select id from payments where user_id in ($1, $2)', [m.id, ru.id])).toEqual([]);

    // The minimum is the setting's: a new one applies at once, the minimum itself is accepted.
    await setMinimum(2.5);
    try {
      const two = await call(t, 'POST', '/api/payments/donation/', {
        token: m.token,
        body: { amount: '2', payment_method: cardId },
      });
      expect(two.json()).toEqual({ amount: ['The smallest donation is $2.50.'] });
      const exact = await call(t, 'POST', '/api/payments/donation/', {
        token: m.token,
        body: { amount: '2.50', payment_method: cardId },
      });
      expect(exact.statusCode).toBe(200);
    } finally {
      await setMinimum(5);
    }
  });

  it("a card donation comes back to the member's donations and can be resumed until it expires, then it is canceled", async () => {
    const m = await member();
    const made = (
      await call(t, 'POST', '/api/payments/donation/', {
        token: m.token,
        body: { amount: '12', payment_method: cardId },
      })
    ).json<Json>();
    const mine = async () =>
      (await call(t, 'GET', '/api/payments/donations/', { token: m.token })).json<Json>().results[0];
    // Resumable: the member's list links the same checkout, which still takes the payment.
    expect(await mine()).toMatchObject({ id: made.id, status: 'pending', payment_url: made.payment_url });
    const page = await t.app.inject({ method: 'GET', url: new URL(made.payment_url).pathname });
    expect(page.body).toContain('12.00 USD');
    // Before its time nothing expires.
    clock.advance(23 * 3600_000);
    try {
      expect(await expireCheckouts(t.app.ctx)).toBe(0);
      expect((await mine()).payment_url).toBe(made.payment_url);
      // Paid through the resumed link: the payer returns to their donations with the donation's id.
      const back = await sandboxDecide(t, (await mine()).payment_url);
      expect(back).toContain(`/subscription?donation=${made.id}#donations`);
      expect(await mine()).toMatchObject({ id: made.id, status: 'paid', payment_url: null });
      clock.advance(2 * 3600_000);
      // A paid one never expires.
      await expireCheckouts(t.app.ctx);
      expect((await mine()).status).toBe('paid');
    } finally {
      clock.reset();
    }

    const left = (
      await call(t, 'POST', '/api/payments/donation/', {
        token: m.token,
        body: { amount: '9', payment_method: cardId },
      })
    ).json<Json>();
    clock.advance(24 * 3600_000 + 60_000);
    try {
      // Past its time the link is gone at once, and the job cancels it (the minute's cron may have been first).
      expect((await mine()).payment_url).toBeNull();
      await Promise.all([expireCheckouts(t.app.ctx), expireCheckouts(t.app.ctx)]);
      expect(await mine()).toMatchObject({ id: left.id, status: 'canceled', payment_url: null, reject_reason: null });
      expect(await rows(t, 'select state from payments where id = $1', [left.id])).toEqual([{ state: 'canceled' }]);
      // The provider's page is closed: nothing can be paid on it any more.
      expect(await sandboxDecide(t, left.payment_url)).toContain('already closed');
      expect(await rows(t, 'select state, paid_at from payments where id = $1', [left.id])).toEqual([
        { state: 'canceled', paid_at: null },
      ]);
    } finally {
      clock.reset();
    }
  });

  it("the checkout's time is PAYMENT_CHECKOUT_TTL_MINUTES", async () => {
    const short = await createTestApp({ env: { PAYMENT_CHECKOUT_TTL_MINUTES: '30' } });
    try {
      const m = await makeMember(short);
      const token = await short.login(m.email, m.password);
      const [card] = await rows<{ id: number }>(short, `select id from payment_methods where code = 'card'`);
      const made = (
        await call(short, 'POST', '/api/payments/donation/', {
          token,
          body: { amount: '10', payment_method: card!.id },
        })
      ).json<Json>();
      clock.advance(29 * 60_000);
      expect(await expireCheckouts(short.app.ctx)).toBe(0);
      clock.advance(2 * 60_000);
      await expireCheckouts(short.app.ctx);
      expect(await rows(short, 'select state from payments where id = $1', [made.id])).toEqual([{ state: 'canceled' }]);
    } finally {
      clock.reset();
      await short.close();
    }
  });

  it('staff see manual transfers that need approval apart from card checkouts awaiting payment', async () => {
    const m = await member({ responsibleId: consultantId });
    const transfer = (
      await manual(
        m.token,
        { amount: '20', payment_method: String(bankId), payment_datetime: now() },
        { name: 'c.pdf', type: 'application/pdf', content: PDF },
      )
    ).json<Json>();
    const card = (
      await call(t, 'POST', '/api/payments/donation/', {
        token: m.token,
        body: { amount: '30', payment_method: cardId },
      })
    ).json<Json>();
    const admin = await t.login('admin@demo.atrium');
    const ids = async (state: string) =>
      (
        await call(
          t,
          'GET',
          `/api/staff/payments?filter=${encodeURIComponent(JSON.stringify({ state, user_id: m.id }))}`,
          { token: admin },
        )
      )
        .json<Json[]>()
        .map((p) => p.id);
    expect(await ids('needs_approval')).toEqual([transfer.id]);
    expect(await ids('awaiting_card')).toEqual([card.id]);
    expect((await ids('pending')).sort()).toEqual([transfer.id, card.id].sort());
  });
});
