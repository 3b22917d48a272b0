import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { notificationSettings } from '../../db/schema';
import type { Lang } from '../../i18n';
import { actionMail, type Mail } from '../../integrations/mail';
import { FieldErrors } from '../../errors';
import { clock } from '../../clock';
import { SETTING_KINDS, notificationMessage, notificationText, notify, type SettingKind } from '.';

type Tx = Pick<Db, 'insert' | 'execute'>;

/** How long a mail waits for its transaction to commit before it is given up (a rollback). */
const COMMIT_WAIT_MS = 15_000;
const COMMIT_POLL_MS = 200;

/**
 * Delivers a mail kept in the outbox by a transaction once that transaction committed: the outbox row
 * becomes visible then. A rolled-back one never appears, and its mail is not sent.
 */
function deliverWhenCommitted(ctx: AppContext, id: number, mail: Mail): void {
  const until = Date.now() + COMMIT_WAIT_MS;
  const attempt = async (): Promise<void> => {
    const seen = await ctx.db.execute(sql`select 1 from mail_outbox where id = ${id}`);
    if (seen.rows.length) {
      await ctx.mailer.deliver(id, mail);
      return;
    }
    if (Date.now() < until) schedule();
  };
  const schedule = () => {
    setTimeout(() => {
      attempt().catch((err: unknown) => {
        ctx.log.warn({ err, mailId: id }, 'notification mail not delivered');
      });
    }, COMMIT_POLL_MS).unref();
  };
  schedule();
}

/**
 * Tells a user of something that concerns them, inside the caller's transaction: a notification in
 * their bell (pushed live when the transaction commits) and a mail in their language with a link to
 * `path` — unless they switched this kind off in their profile settings.
 */
export async function notifyUser(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  kind: SettingKind,
  data: Record<string, unknown>,
  at: Date,
  path: string,
): Promise<void> {
  const res = await tx.execute<{ email: string | null; language: Lang; first_name: string; disabled: string[] }>(
    sql`select u.email, u.language, u.first_name, coalesce(s.disabled, '{}'::text[]) as disabled
      from users u left join notification_settings s on s.user_id = u.id where u.id = ${userId}`,
  );
  const user = res.rows[0];
  if (!user || user.disabled.includes(kind)) return;
  await notify(tx, userId, kind, data, at);
  if (!user.email) return;
  const text = notificationText(user.language, kind, data);
  const { key, params } = notificationMessage(user.language, kind, data);
  const mail: Mail = {
    ...actionMail({
      lang: user.language,
      to: user.email,
      name: user.first_name,
      subject: 'mail_notification_subject',
      body: key,
      button: 'mail_notification_button',
      link: `${ctx.config.publicUrl}${path}`,
      params,
    }),
    subject: text,
  };
  deliverWhenCommitted(ctx, await ctx.mailer.store(tx, mail), mail);
}

/** The caller's settings: every switchable kind, on unless they switched it off. */
export async function getNotificationSettings(ctx: AppContext, caller: AuthUser) {
  const res = await ctx.db.execute<{ disabled: string[] }>(
    sql`select disabled from notification_settings where user_id = ${caller.id}`,
  );
  const off = new Set(res.rows[0]?.disabled ?? []);
  return { settings: SETTING_KINDS.map((kind) => ({ kind, enabled: !off.has(kind) })) };
}

/** Switches the named kinds on or off; the others keep their setting. */
export async function updateNotificationSettings(
  ctx: AppContext,
  caller: AuthUser,
  settings: { kind: string; enabled: boolean }[],
) {
  const known = new Set<string>(SETTING_KINDS);
  if (settings.some((s) => !known.has(s.kind))) throw FieldErrors.of('settings', 'field_invalid');
  const current = new Set(
    (await getNotificationSettings(ctx, caller)).settings.filter((s) => !s.enabled).map((s) => s.kind as string),
  );
  for (const s of settings) {
    if (s.enabled) current.delete(s.kind);
    else current.add(s.kind);
  }
  const disabled = SETTING_KINDS.filter((k) => current.has(k));
  await ctx.db
    .insert(notificationSettings)
    .values({ userId: caller.id, disabled })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { disabled, updatedAt: clock.now() } });
  return getNotificationSettings(ctx, caller);
}
