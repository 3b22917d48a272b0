import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeMember, waitFor, type Json } from '../setup/accounts';
import { createTestApp, type TestApp } from '../setup/test-app';
import { LocalStripe } from '../e2e/support/stripe-server';
import { rows } from './payments-support';
import { runRenewals } from '../../src/server/services/subscription/renewal';
import { clock } from '../../src/server/clock';
import { catalogues } from '../../src/server/i18n';

/** Stripe's code path (the real SDK) against a local server that speaks Stripe's API. */
let t: TestApp;
const stripe = new LocalStripe();
let proId: number;

beforeAll(async () => {
  await stripe.start();
  t = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_atrium',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  });
  proId = (await rows<{ id: number }>(t, `select id from packages where name = 'Pro'`))[0]!.id;
});
afterAll(async () => {
  clock.reset();
  await t.close();
  await stripe.stop();
});

function deliver(payload: string, signature: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe/',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}

async function buyPro(autoPay = false, language: 'ru' | 'en' | 'de' = 'en') {
  const m = await makeMember(t, { language });
  const token = await t.login(m.email, m.password);
  const res = await call(t, 'POST', '/api/subscription/package_purchase/', {
    token,
    body: { package: proId, auto_pay: autoPay },
  });
  expect(res.statusCode).toBe(200);
  const url = res.json<Json>().payment_url as string;
  expect(url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
  const sessionId = url.split('/').pop()!;
  return { m, token, sessionId };
}

/**
 * Moves the clock to half a day before `userId`'s package ends, inside the renewal's window: a month from
 * the purchase is 28 to 31 days (29.5 days missed it when bought on the 1st of a 31-day month).
 */
async function toHalfADayBeforeTheEnd(userId: number) {
  const [row] = await rows<{ end: Date }>(t, 'select max(ends_at) as end from user_packages where user_id = $1', [
    userId,
  ]);
  clock.advance(new Date(row!.end).getTime() - clock.now().getTime() - 12 * 3600_000);
}

describe('Stripe checkout and webhooks', () => {
  it('creates a Checkout Session through the SDK: amount, return URL, card kept for renewals, idempotency key', async () => {
    const { sessionId } = await buyPro();
    const s = stripe.sessions.get(sessionId)!;
    expect(s).toMatchObject({
      amount: 1900,
      setupFutureUsage: 'off_session',
      successUrl: expect.stringMatching(/\/subscription$/),
    });
    const req = stripe.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id') === s.clientReferenceId,
    )!;
    expect(req.idempotencyKey).toBe(`atrium-checkout-${s.clientReferenceId}`);
    expect(req.authorization).toBe('Bearer sk_test_atrium');
  });

  it('the same event delivered 10 times at once activates the package once and records one payment', async () => {
    const { m, token, sessionId } = await buyPro();
    const payload = stripe.completedEvent(sessionId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, stripe.sign(payload))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);

    const payments = await rows(t, 'select state, provider, provider_ref from payments where user_id = $1', [m.id]);
    expect(payments).toEqual([{ state: 'paid', provider: 'stripe', provider_ref: sessionId }]);
    const packages = await rows(t, 'select status from user_packages where user_id = $1', [m.id]);
    expect(packages).toEqual([{ status: 'active' }]);
    expect(
      await rows(t, `select count(*)::int as n from provider_events where provider = 'stripe' and event_id = $1`, [
        JSON.parse(payload).id,
      ]),
    ).toEqual([{ n: 1 }]);
    const billing = await rows(
      t,
      'select b.customer_ref, b.payment_method_ref from subscription_billing b join user_packages up on up.id = b.user_package_id where up.user_id = $1',
      [m.id],
    );
    expect(billing).toEqual([
      {
        customer_ref: stripe.sessions.get(sessionId)!.customer,
        payment_method_ref: stripe.sessions.get(sessionId)!.paymentIntent,
      },
    ]);
    const info = await call(t, 'GET', '/api/subscription/info/', { token });
    expect(info.json().current).toMatchObject({ status: 'active', package: { id: proId }, amount: '19.00' });
    await waitFor(
      async () => (await rows(t, 'select 1 from mail_outbox where "to" = $1', [m.email])).length === 1,
      'one receipt',
    );
    // A later redelivery is acknowledged as a duplicate.
    const later = await deliver(payload, stripe.sign(payload));
    expect(later.json()).toEqual({ received: true, duplicate: true });
  });

  it('refuses a forged signature, a missing one and a tampered body, and changes nothing', async () => {
    const { m, sessionId } = await buyPro();
    const payload = stripe.completedEvent(sessionId);
    const forged = await deliver(payload, stripe.sign(payload, 'whsec_not_the_endpoint_secret'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ non_field_errors: [expect.any(String)] });
    const tampered = await deliver(payload.replace('"paid"', '"paid" '), stripe.sign(payload));
    expect(tampered.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe/',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(400);
    expect(await rows(t, 'select state from payments where user_id = $1', [m.id])).toEqual([{ state: 'pending' }]);
    expect(
      await rows(t, `select count(*)::int as n from provider_events where event_id = $1`, [JSON.parse(payload).id]),
    ).toEqual([{ n: 0 }]);
  });

  it('auto-pay renews off-session with the saved card before the end; a declined card lets the package end', async () => {
    const a = await buyPro(true);
    const b = await buyPro(true);
    for (const s of [a, b]) {
      const payload = stripe.completedEvent(s.sessionId);
      expect((await deliver(payload, stripe.sign(payload))).statusCode).toBe(200);
    }
    stripe.declining.add(stripe.sessions.get(b.sessionId)!.customer);
    await toHalfADayBeforeTheEnd(a.m.id);
    try {
      await Promise.all([runRenewals(t.app.ctx), runRenewals(t.app.ctx)]);
      const renewedA = await rows(
        t,
        'select up.status, p.state, p.provider_ref from user_packages up join payments p on p.user_package_id = up.id where up.user_id = $1 order by up.id',
        [a.m.id],
      );
      expect(renewedA).toEqual([
        { status: 'active', state: 'paid', provider_ref: a.sessionId },
        { status: 'active', state: 'paid', provider_ref: expect.stringMatching(/^pi_/) },
      ]);
      const charge = stripe.requests.filter(
        (r) =>
          r.path === '/v1/payment_intents' && r.form.get('customer') === stripe.sessions.get(a.sessionId)!.customer,
      );
      expect(charge).toHaveLength(1);
      expect(charge[0]!.form.get('off_session')).toBe('true');
      const renewedB = await rows(
        t,
        'select up.status, p.state from user_packages up join payments p on p.user_package_id = up.id where up.user_id = $1 order by up.id',
        [b.m.id],
      );
      expect(renewedB).toEqual([
        { status: 'active', state: 'paid' },
        { status: 'canceled', state: 'failed' },
      ]);
      clock.advance(2 * 86400_000);
      await runRenewals(t.app.ctx);
      expect(
        (await rows(t, 'select status from user_packages where user_id = $1 order by id', [b.m.id])).map(
          (r) => r.status,
        ),
      ).toEqual(['expired', 'canceled']);
    } finally {
      clock.reset();
    }
  });
  it('a declined renewal tells the member: a row in their bell and a mail, in their language', async () => {
    const d = await buyPro(true, 'de');
    const payload = stripe.completedEvent(d.sessionId);
    expect((await deliver(payload, stripe.sign(payload))).statusCode).toBe(200);
    stripe.declining.add(stripe.sessions.get(d.sessionId)!.customer);
    await toHalfADayBeforeTheEnd(d.m.id);
    try {
      await runRenewals(t.app.ctx);
      expect(
        await rows(
          t,
          'select up.status, p.state from user_packages up join payments p on p.user_package_id = up.id where up.user_id = $1 order by up.id',
          [d.m.id],
        ),
      ).toEqual([
        { status: 'active', state: 'paid' },
        { status: 'canceled', state: 'failed' },
      ]);
      const notice = catalogues.de.notification_subscription_failed.replace('{package}', 'Pro');
      expect(notice).toContain('Pro');
      const bell = (await call(t, 'GET', '/api/notifications/', { token: d.token })).json<Json>();
      expect(bell.unread_count).toBe(1);
      expect(bell.results).toMatchObject([{ kind: 'subscription_failed', message: notice, read: false }]);
      await waitFor(
        async () =>
          (await rows(t, 'select 1 from mail_outbox where "to" = $1 and subject = $2', [d.m.email, notice])).length ===
          1,
        'the notice of the declined renewal',
      );
      const [mail] = await rows<{ text: string }>(t, 'select text from mail_outbox where "to" = $1 and subject = $2', [
        d.m.email,
        notice,
      ]);
      expect(mail!.text).toContain(notice);
      expect(mail!.text).toContain(catalogues.de.mail_notification_button);
      expect(mail!.text).toMatch(/\/subscription\b/);
      // Nothing in another language reached the member.
      expect(
        await rows(t, 'select subject from mail_outbox where "to" = $1 and subject = $2', [
          d.m.email,
          catalogues.en.notification_subscription_failed.replace('{package}', 'Pro'),
        ]),
      ).toEqual([]);
    } finally {
      clock.reset();
    }
  });
});

describe('Stripe: a book is paid once', () => {
  const book = async () =>
    (
      await rows<{ id: number }>(t, `select id from books where not is_free and price_cents > 0 order by id limit 1`)
    )[0]!.id;

  it('four concurrent purchases create one Checkout Session and answer its URL', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const bookId = await book();
    const before = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(t, 'POST', '/api/books/purchase/', { token, body: { book: bookId } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const urls = new Set(answers.map((a) => a.json().payment_url as string));
    expect(urls.size).toBe(1);
    expect([...urls][0]).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').length - before).toBe(1);
    expect(await rows(t, 'select state from payments where user_id = $1', [m.id])).toEqual([{ state: 'pending' }]);
  });

  it('a checkout given up as abandoned but captured after the book was paid through another is refunded at Stripe, once', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const bookId = await book();
    const first = await call(t, 'POST', '/api/books/purchase/', { token, body: { book: bookId } });
    const firstSession = (first.json().payment_url as string).split('/').pop()!;
    // A day later the first checkout counts as abandoned: buying again opens a new one.
    clock.advance(25 * 3600_000);
    let secondSession: string;
    try {
      const second = await call(t, 'POST', '/api/books/purchase/', { token, body: { book: bookId } });
      expect(second.statusCode).toBe(200);
      secondSession = (second.json().payment_url as string).split('/').pop()!;
    } finally {
      clock.reset();
    }
    expect(secondSession).not.toBe(firstSession);
    const paid = stripe.completedEvent(secondSession);
    expect((await deliver(paid, stripe.sign(paid))).json()).toEqual({ received: true, duplicate: false });

    // The first one is captured after all (the payer finished it in a tab left open).
    const late = stripe.completedEvent(firstSession);
    expect((await deliver(late, stripe.sign(late))).statusCode).toBe(200);
    const [refunded] = await rows<{ id: number }>(
      t,
      `select id from payments where provider_ref = $1 and state = 'refunded'`,
      [firstSession],
    );
    expect(refunded).toBeDefined();
    const done = await waitFor(
      async () =>
        (
          await rows(t, `select refund_ref, refunded_at from payments where id = $1 and refund_ref is not null`, [
            refunded!.id,
          ])
        )[0],
      'the refund at Stripe',
      10_000,
    );
    const refunds = stripe.refunds.filter((r) => r.paymentIntent === stripe.sessions.get(firstSession)!.paymentIntent);
    expect(refunds).toEqual([
      {
        id: done.refund_ref,
        paymentIntent: stripe.sessions.get(firstSession)!.paymentIntent,
        idempotencyKey: `atrium-refund-${refunded!.id}`,
      },
    ]);
    expect(await rows(t, `select outcome from provider_events where event_id = $1`, [JSON.parse(late).id])).toEqual([
      { outcome: 'refunded' },
    ]);

    // Redelivered, the late event changes nothing and refunds nothing more.
    expect((await deliver(late, stripe.sign(late))).json()).toEqual({ received: true, duplicate: true });
    expect(await rows(t, `select state from payments where user_id = $1 order by id`, [m.id])).toEqual([
      { state: 'refunded' },
      { state: 'paid' },
    ]);
    expect(await rows(t, 'select status from book_purchases where user_id = $1', [m.id])).toEqual([{ status: 'paid' }]);
    expect(
      stripe.refunds.filter((r) => r.paymentIntent === stripe.sessions.get(firstSession)!.paymentIntent),
    ).toHaveLength(1);
  });
});
