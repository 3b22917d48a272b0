/**
 * `npm run create-admin -- --email you@example.com [--first-name Ann] [--last-name Lee] [--language en]`:
 * an administrator for an installation without the demo accounts (SEED_DEMO=0, or a new external
 * DATABASE_URL), or a fresh link for an existing administrator who lost theirs. It prints a one-time
 * set-password link (an invitation's, valid 7 days; used once, it is void) and mails it too when
 * SMTP_URL is set. No password is made, printed or logged: the administrator chooses one through the link.
 *
 * It works beside a running server (on the embedded database it connects to the cluster that server
 * runs) or on its own (it starts the embedded database itself, under the data dir's lock, and applies
 * the migrations), with the server's environment (DATABASE_URL or DATA_DIR, PUBLIC_URL, SMTP_URL).
 *
 * Exit codes: 0 done, 2 a wrong argument or setting, 3 the data dir is held but its database is not up,
 * 7 the database refused or could not be reached (as the server's start: one line naming the setting).
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { Config } from '../src/server/config';
import { connect } from '../src/server/db/client';
import { DataDirInUseError, ensureDatabase, runningClusterUrl, startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { one } from '../src/server/db/rows';
import { LANGUAGES, mailOutbox, users, type Language } from '../src/server/db/schema';
import { Mailer } from '../src/server/integrations/mail';
import { recordAction } from '../src/server/services/action-log';
import { issueInvitation } from '../src/server/services/staff/invitations';
import { newPromoCode } from '../src/server/services/users';
import { databaseFailure } from '../src/server/db/failure';
import { configOrRefusal, Refusal, reportFailure } from './refusal';

const USAGE =
  'Usage: npm run create-admin -- --email <address> [--first-name <name>] [--last-name <name>] [--language ru|en|de]';

function options() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string', default: 'Admin' },
        'last-name': { type: 'string', default: '' },
        language: { type: 'string', default: 'ru' },
      },
    }));
  } catch (err) {
    throw new Refusal(`${err instanceof Error ? err.message : String(err)}. ${USAGE}`, 2);
  }
  const email = values.email?.trim().toLowerCase();
  if (!email) throw new Refusal(USAGE, 2);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Refusal(`--email ${email}: not an email address. ${USAGE}`, 2);
  const language = values.language as Language;
  if (!LANGUAGES.includes(language)) throw new Refusal(`--language must be one of ${LANGUAGES.join(', ')}.`, 2);
  return { email, firstName: values['first-name'], lastName: values['last-name'], language };
}

/** The database the server uses: DATABASE_URL, the embedded cluster a server runs now, or one started here. */
async function database(config: Config): Promise<{ url: string; stop: () => Promise<void> }> {
  const none = async () => {};
  if (config.databaseUrl) return { url: config.databaseUrl, stop: none };
  const running = runningClusterUrl(config.dataDir, 'atrium');
  if (running) return { url: running, stop: none };
  try {
    const cluster = await startEmbeddedPostgres(config.dataDir, (m) => {
      console.error(m);
    });
    await ensureDatabase(cluster.url(), 'atrium');
    return { url: cluster.url('atrium'), stop: () => cluster.stop() };
  } catch (err) {
    if (err instanceof DataDirInUseError)
      throw new Refusal(`${err.message} Its database is not up right now: try again once the server answers.`, 3);
    throw err;
  }
}

async function main() {
  const wanted = options();
  const config = configOrRefusal();
  const target = await database(config);
  const { db, pool } = connect(target.url, 2, 0, undefined, {
    directUrl: config.databaseDirectUrl,
    namedStatements: config.dbNamedStatements,
  });
  try {
    // The first contact: a database refused or out of reach is a setting to fix, named as the server names it.
    await pool.query('select 1').catch((err: unknown) => {
      throw new Refusal(
        databaseFailure(err, target.url, config.databaseUrl ? 'DATABASE_URL' : 'the embedded database'),
        7,
      );
    });
    await runMigrations(pool);
    // Delivery failures are logged (to stderr, beside this command's own lines); the link works regardless.
    const mailer = new Mailer(db, config.smtpUrl, config.mailFrom, pino({ level: 'warn' }, pino.destination(2)));
    const { created, stored } = await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(eq(users.email, wanted.email));
      if (existing && existing.role !== 'admin')
        throw new Refusal(
          `${wanted.email} already has an account (${existing.role}): make it an administrator in the app, or choose another address.`,
          2,
        );
      const user =
        existing ??
        one(
          await tx
            .insert(users)
            .values({
              email: wanted.email,
              firstName: wanted.firstName,
              lastName: wanted.lastName,
              language: wanted.language,
              role: 'admin',
              isSuperuser: true,
              leadStatus: 'active',
              promoCode: newPromoCode(),
              timeZone: 'UTC',
            })
            .returning(),
        );
      if (!existing)
        await recordAction(tx, { actorId: null, subjectId: user.id, kind: 'user_created', details: { role: 'admin' } });
      return { created: !existing, stored: await issueInvitation({ config, mailer }, tx, null, user) };
    });
    await mailer.deliver(stored.id, stored.mail);
    const [mail] = await db
      .select({ delivered: mailOutbox.delivered })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, stored.id));
    console.log(
      `${created ? 'Created the administrator' : 'A new link for the administrator'} ${wanted.email}. ` +
        `Set the password within 7 days, once, at:\n${stored.link}` +
        (mail?.delivered ? `\nThe link was also mailed to ${wanted.email}.` : ''),
    );
  } finally {
    await pool.end();
    await target.stop();
  }
}

main().catch(reportFailure);
