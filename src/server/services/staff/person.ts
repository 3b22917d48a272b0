import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { clock } from '../../clock';
import { FieldErrors } from '../../errors';
import { t, type Lang } from '../../i18n';
import { recordAction } from '../action-log';
import { centsToMoney } from '../content/money';
import { donationCents } from '../payments/amounts';
import { rowsOf } from '../payments/common';
import { settlePaid } from '../payments/settle';
import { one } from '../../db/rows';
import { reachableUser, type Caller } from './access';
import type { SchemaAddUserNoteRequest, SchemaRecordDonationRequest } from '../../../api/schema';

/** A note about a user: an entry of the history about them (their timeline on the person page). */
export async function addUserNote(ctx: AppContext, caller: Caller, input: SchemaAddUserNoteRequest, lang: Lang) {
  const text = input.text.trim();
  if (!text) throw FieldErrors.of('text', 'field_empty');
  await ctx.db.transaction(async (tx) => {
    const user = await reachableUser(tx, caller, input.user_id, { lock: false });
    await recordAction(tx, { actorId: caller.id, subjectId: user.id, kind: 'note_added', details: { text } });
  });
  return { detail: t(lang, 'note_added') };
}

/**
 * A donation the user made outside the app (cash, a transfer), recorded by staff as paid: it settles
 * like an approved manual donation (totals, receipt), and the history names who recorded it.
 */
export async function recordUserDonation(
  ctx: AppContext,
  caller: Caller,
  input: SchemaRecordDonationRequest,
  lang: Lang,
) {
  const cents = donationCents(input.amount);
  if (cents === null) throw FieldErrors.of('amount', 'donation_amount_invalid');
  const paidAt = input.paid_at ? new Date(input.paid_at) : clock.now();
  if (Number.isNaN(paidAt.getTime()) || paidAt.getTime() > clock.now().getTime() + 60_000)
    throw FieldErrors.of('paid_at', 'payment_datetime_invalid');
  const comment = (input.comment ?? '').trim().slice(0, 1000);
  const id = await ctx.db.transaction(async (tx) => {
    const user = await reachableUser(tx, caller, input.user_id, { lock: false });
    const row = one(
      await rowsOf<{ id: number }>(
        tx,
        sql`insert into payments (user_id, kind, state, amount_cents, method, provider, comment, paid_at_claimed, decided_by_id, decided_at, meta, created_at)
        values (${user.id}, 'donation', 'pending', ${cents}, 'staff', 'manual', ${comment}, ${paidAt}, ${caller.id}, ${clock.now()},
          ${JSON.stringify({ recorded_by: caller.id })}::jsonb, ${clock.now()})
        returning id`,
      ),
    );
    await settlePaid(ctx, tx, row.id);
    await recordAction(tx, {
      actorId: caller.id,
      subjectId: user.id,
      kind: 'donation_recorded',
      details: { payment_id: row.id, amount: centsToMoney(cents), paid_at: paidAt.toISOString(), comment },
    });
    return row.id;
  });
  return { detail: t(lang, 'donation_recorded'), id };
}
