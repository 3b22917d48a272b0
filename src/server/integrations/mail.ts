import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { t, type Lang, type MessageKey } from '../i18n';
import { one } from '../db/rows';

export type Mail = { to: string; subject: string; text: string; html: string };

/**
 * Sends mail over SMTP_URL when configured. Every mail is kept in `mail_outbox` first, so without
 * SMTP the outbox is the dev inbox (logged, and readable by admins in the app).
 */
export class Mailer {
  private readonly transport: Transporter | null;
  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async send(mail: Mail): Promise<void> {
    await this.deliver(await this.store(this.db, mail), mail);
  }

  /**
   * Keeps the mail in the outbox through `db`, which may be the caller's transaction: then the mail
   * exists exactly when the caller's change commits. Deliver it with `deliver` after the commit.
   */
  async store(db: Pick<Db, 'insert'>, mail: Mail): Promise<number> {
    const row = one(await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id }));
    return row.id;
  }

  /** Sends a stored mail over SMTP (without SMTP the outbox is the inbox) and records the outcome. */
  async deliver(id: number, mail: Mail): Promise<void> {
    if (!this.transport) {
      this.log.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail kept in the dev outbox');
      return;
    }
    try {
      await this.transport.sendMail({ from: this.from, ...mail });
      await this.db.update(mailOutbox).set({ delivered: true }).where(eq(mailOutbox.id, id));
    } catch (err) {
      this.log.error({ err, mailId: id }, 'mail delivery failed');
      await this.db
        .update(mailOutbox)
        .set({ error: String(err).slice(0, 500) })
        .where(eq(mailOutbox.id, id));
    }
  }

  /** Fire and forget: the caller's answer must not wait for (or reveal) the delivery. */
  sendLater(mail: Mail): void {
    this.send(mail).catch((err: unknown) => {
      this.log.error({ err }, 'mail could not be stored');
    });
  }
}

const HTML_ESCAPES: Partial<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * The link with its reader's language (`?lang=`), so the page it opens speaks it before any sign-in
 * (issue #40): mails and shared links are read by people whose browser may never have seen Atrium.
 */
export function withLanguage(link: string, lang: Lang): string {
  const url = new URL(link);
  url.searchParams.set('lang', lang);
  return url.toString();
}

/** A translated mail with one call to action, as HTML and as plain text; the link opens in the mail's language. */
export function actionMail(opts: {
  lang: Lang;
  to: string;
  name: string;
  subject: MessageKey;
  body: MessageKey;
  button: MessageKey;
  link: string;
  /** Values for the body's `{placeholders}`. */
  params?: Record<string, string | number>;
}): Mail {
  const { lang } = opts;
  const link = withLanguage(opts.link, lang);
  const greeting = t(lang, 'mail_greeting', { name: opts.name });
  const body = t(lang, opts.body, opts.params);
  const button = t(lang, opts.button);
  const hint = t(lang, 'mail_link_hint', { link: link });
  const footer = t(lang, 'mail_footer');
  const text = [greeting, '', body, '', `${button}: ${link}`, '', '—', footer].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<p style="font-size:18px">${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#3949ab;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(hint)}</p>
<hr style="border:none;border-top:1px solid #e5e7eb"><p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>
</body></html>`;
  return { to: opts.to, subject: t(lang, opts.subject), text, html };
}
