import { isIPv4, isIPv6 } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { sessions } from '../db/schema';
import { throttled } from '../errors';
import { hitWindow, readWindow } from '../http/rate-limit-store';
import { one } from '../db/rows';

/**
 * Password guessing is slowed per account and client address instead of locking the account: an
 * address may get the password of one account wrong FREE_FAILURES times, then waits before each further
 * try, twice as long each time (5 s, 10 s, 20 s … at most 15 minutes), answered 429 with Retry-After.
 * Someone guessing from elsewhere therefore never holds up the owner's own address. Every try is counted
 * before the password is checked (so parallel requests cannot slip in during a wait) and a login that
 * succeeds clears its address's count; a day without tries forgets it. A right password that leads
 * to the two-factor step, and a wrong code on a live challenge, are not counted (the challenge allows
 * 5 codes); a challenge spent on wrong codes is, so knowing the password does not buy endless codes.
 *
 * Against guessing spread over many addresses there is a looser ceiling per account: after
 * ACCOUNT_CEILING wrong tries in an hour from all addresses together, only addresses the account has
 * signed in from before may try until the hour ends. The owner at home keeps working; someone on a new
 * address waits out the hour, the price of keeping a botnet to a hundred guesses an hour.
 */
export const FREE_FAILURES = 5;
export const FIRST_DELAY_MS = 5_000;
const MAX_DELAY_MS = 15 * 60_000;
const FORGET_AFTER_MS = 24 * 60 * 60_000;
export const ACCOUNT_CEILING = 100;
const ACCOUNT_WINDOW_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 60_000;

/** The wait (ms) after `n` counted tries: none for the first FREE_FAILURES, then doubling up to the cap. */
const delayMs = (n: string) =>
  `(case when ${n} < ${FREE_FAILURES} then 0 else least(${MAX_DELAY_MS}, ${FIRST_DELAY_MS} * power(2, least(${n} - ${FREE_FAILURES}, 20))) end)`;
// "No wait" is said outright: a concurrent try may have stamped a later now() than this statement's.
const waitOver = (n: string, at: string) =>
  `(${n} < ${FREE_FAILURES} or ${at} + ${delayMs(n)} * interval '1 millisecond' <= now())`;
const forgotten = `f.last_at <= now() - ${FORGET_AFTER_MS} * interval '1 millisecond'`;

/**
 * Counts one try unless the address still has to wait, in one statement (the row lock orders
 * concurrent tries). A refused try leaves the row as it was, so `last_at` is not this statement's
 * now() exactly when it was refused.
 */
const TRY = `insert into login_failures as f (account, ip, failures, last_at) values ($1, $2, 1, now())
  on conflict (account, ip) do update set
    failures = case when ${forgotten} then 1 when ${waitOver('f.failures', 'f.last_at')} then f.failures + 1 else f.failures end,
    last_at = case when ${forgotten} or ${waitOver('f.failures', 'f.last_at')} then now() else f.last_at end
  returning last_at <> now() as refused,
    greatest(1, ceil(extract(epoch from last_at + ${delayMs('failures')} * interval '1 millisecond' - now())))::int as wait_s`;

const CLEAR = `delete from login_failures where account = $1 and ip = $2`;
const REFUND = `update login_failures set failures = greatest(failures - 1, 0) where account = $1 and ip = $2`;
const PRUNE = `delete from login_failures where last_at < now() - ${FORGET_AFTER_MS} * interval '1 millisecond'`;

let lastPrune = 0;

/** The address a count is kept for: an IPv4 address, or an IPv6 client's /64 (one subscriber's whole network). */
export function clientKey(ip: string | undefined): string {
  if (!ip) return '';
  const mapped = ip.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const [addr = ''] = mapped.split('%');
  if (isIPv4(addr) || !isIPv6(addr)) return addr;
  const [head, tail] = addr.includes('::') ? addr.split('::') : [addr, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // An IPv4 tail (::ffff:1.2.3.4 aside) stands for two groups.
  const width = (g: string[]) => g.reduce((n, x) => n + (x.includes('.') ? 2 : 1), 0);
  const missing = tail === undefined ? 0 : 8 - width(groups(head)) - width(groups(tail));
  const full = [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export type LoginAttempt = {
  /** Signed in (or only the email is unconfirmed): the address starts afresh. */
  succeeded(): Promise<void>;
  /** Wrong password, a blocked account, a spent challenge: counts against the account's hourly ceiling too. */
  failed(): Promise<void>;
  /** Right password but a second step to go, or a wrong code on a live challenge: not counted after all. */
  uncounted(): Promise<void>;
};

/**
 * One login try for `account` (`user:<id>`, or `name:<what was typed>` when no account has it, so an
 * unknown name is slowed just the same) from `ip`, or a 429 when it must wait.
 */
export async function beginLoginAttempt(
  ctx: AppContext,
  account: string,
  userId: number | null,
  ip: string | undefined,
): Promise<LoginAttempt> {
  const pool = ctx.db.$client;
  const client = clientKey(ip);
  const ceilingKey = `login-failures:${account}`;
  if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = Date.now();
    pool.query(PRUNE).catch(() => {
      // Old rows are only clutter; the next prune tries again.
    });
  }

  const window = await readWindow(pool, ceilingKey);
  if (window.current >= ACCOUNT_CEILING && !(userId !== null && ip && (await signedInFrom(ctx, userId, ip)))) {
    throw throttled(Math.ceil(window.ttl / 1000));
  }

  const { rows } = await pool.query<{ refused: boolean; wait_s: number }>(TRY, [account, client]);
  if (one(rows).refused) throw throttled(one(rows).wait_s);

  return {
    succeeded: async () => {
      await pool.query(CLEAR, [account, client]);
    },
    failed: async () => {
      await hitWindow(pool, ceilingKey, ACCOUNT_WINDOW_MS);
    },
    uncounted: async () => {
      await pool.query(REFUND, [account, client]);
    },
  };
}

/** Whether the account has ever had a session opened from this address (its owner's usual place). */
async function signedInFrom(ctx: AppContext, userId: number, ip: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
    .limit(1);
  return rows.length > 0;
}
