import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendReceipt } from '../../src/server/services/payments/receipts';
import { createPayment } from '../factories';
import { makeMember } from '../setup/accounts';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The receipt job claims the payment's receipt and stores the mail in one transaction: a failure in
 * between (a killed process, a lost database) leaves the claim undone, so the retried job still sends it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

async function paidDonation(userId: number): Promise<number> {
  return (await createPayment(t.db, { userId })).id;
}

const state = async (id: number, email: string) =>
  (
    await t.pool.query(
      `select (select receipt_sent_at is not null from payments where id = $1) as claimed,
              (select count(*)::int from mail_outbox where "to" = $2 and text like '%' || $1::text || '%') as mails`,
      [id, email],
    )
  ).rows[0];

it('leaves the receipt unclaimed when storing the mail fails, and sends it once on the retry', async () => {
  const m = await makeMember(t);
  const id = await paidDonation(m.id);
  // The mail cannot be stored, as when the process dies or the database goes away after the claim.
  await t.pool.query(
    `create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'outbox unavailable'; end $$`,
  );
  await t.pool.query(
    `create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`,
  );
  try {
    await expect(sendReceipt(t.app.ctx, { paymentId: id })).rejects.toThrow();
    expect(await state(id, m.email)).toEqual({ claimed: false, mails: 0 });
  } finally {
    await t.pool.query(`drop trigger refuse_mail on mail_outbox; drop function refuse_mail()`);
  }
  await sendReceipt(t.app.ctx, { paymentId: id });
  await sendReceipt(t.app.ctx, { paymentId: id });
  expect(await state(id, m.email)).toEqual({ claimed: true, mails: 1 });
});
