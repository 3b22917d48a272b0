import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { directConnectionConfig } from '../../db/client';
import { ChannelListener } from '../../db/listen';
import { DomainError } from '../../errors';
import { AUTH_CHANNEL } from '../../auth/session-cache';

/**
 * The channel a change to some users' notifications is announced on, with one user id as the
 * payload. PostgreSQL delivers it when the transaction commits (and drops it on a rollback), to every
 * server process listening on the database; identical payloads in one transaction arrive once.
 */
const CHANNEL = 'atrium_notifications';
/** A comment line this often keeps proxies and the browser from dropping a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How long the browser waits before it opens a stream again by itself after a cut. */
const RETRY_MS = 5_000;
/** Streams one user may hold in a process (tabs, devices); a new one past it ends their oldest. */
const MAX_STREAMS_PER_USER = 10;

/**
 * Announces, inside the caller's transaction, that these users' notifications changed (a new one, one
 * read, an offer taken or expired): every server process tells those users' open streams when it commits.
 */
export async function notificationsChanged(tx: Pick<Db, 'execute'>, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  await tx.execute(sql`select pg_notify(${CHANNEL}, u::text) from unnest(${sql.param(ids)}::int[]) as u`);
}

type Stream = {
  userId: number;
  /** Asks the database whether the stream's session may still be used. */
  stillValid: () => Promise<boolean>;
  write: (chunk: string) => void;
  end: () => void;
};

/**
 * The server-sent event streams of this process's signed-in staff, and the ONE connection (not from the
 * pool) that listens for notification changes on the database and fans each out to its user's streams.
 * The same connection hears the sign-in changes the session cache hears (a logout, a block, a password
 * change ending the other sessions: migration 0023's triggers, from any process); each of that user's
 * streams then asks the database whether its session still stands, and ends if not.
 *
 * While that connection is down no change can be heard, so every stream is ended (the browsers poll
 * until they connect again) and new ones are refused with 503; it is opened again every second.
 */
export class NotificationHub {
  private readonly byUser = new Map<number, Set<Stream>>();
  private readonly listener: ChannelListener;

  constructor(pool: pg.Pool, log: FastifyBaseLogger) {
    this.listener = new ChannelListener(
      directConnectionConfig(pool, 'atrium-notifications'),
      [CHANNEL, AUTH_CHANNEL],
      {
        notify: (payload, channel) => {
          const id = Number(payload);
          if (channel === AUTH_CHANNEL) this.recheck(Number.isInteger(id) ? id : null, log);
          else if (Number.isInteger(id)) this.deliver(id);
        },
        down: () => {
          log.warn('notification push: the listening connection was lost; streams end until it is back');
          this.endAll();
        },
      },
      log,
      'notification push: no listening connection yet, the bells poll',
    );
  }

  /** Whether the connection that hears notification changes listens now. */
  get listening(): boolean {
    return this.listener.isLive;
  }

  /** How many streams are open in this process. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  async start(): Promise<void> {
    await this.listener.start();
  }

  /** Ends every stream (a server stopping must not wait for them) and the listening connection. */
  async stop(): Promise<void> {
    const stopped = this.listener.stop();
    this.endAll();
    await stopped;
  }

  /**
   * Answers the request with an event stream of the caller's notification changes: a `notifications`
   * event after each, a `ready` event first (the client reads its notifications then, having perhaps
   * missed some while it was not connected), a comment line every 25 s.
   */
  open(req: FastifyRequest, reply: FastifyReply, userId: number, stillValid: () => Promise<boolean>): void {
    if (!this.listener.isLive) throw new DomainError('unavailable', 'service_unavailable', 'service_unavailable');
    const res = reply.raw;
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
    reply.hijack();
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    let open = true;
    const stream: Stream = {
      userId,
      stillValid,
      write: (chunk) => {
        if (open) res.write(chunk);
      },
      end: () => {
        if (!open) return;
        close();
        res.end();
      },
    };
    const heartbeat = setInterval(() => {
      stream.write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const close = () => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      const set = this.byUser.get(userId);
      set?.delete(stream);
      if (set?.size === 0) this.byUser.delete(userId);
    };
    req.raw.once('close', close);
    res.once('close', close);
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    if (set.size >= MAX_STREAMS_PER_USER) [...set][0]?.end();
    set.add(stream);
    stream.write(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
  }

  /** Tells one user's streams in this process that their notifications changed. */
  private deliver(userId: number): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const s of set) s.write('event: notifications\ndata: {}\n\n');
  }

  /** After a sign-in change of one user (or of everyone: null), ends their streams whose session is over. */
  private recheck(userId: number | null, log: FastifyBaseLogger): void {
    const sets = userId === null ? [...this.byUser.values()] : [this.byUser.get(userId) ?? new Set<Stream>()];
    for (const set of sets)
      for (const s of [...set])
        s.stillValid().then(
          (valid) => {
            if (!valid) s.end();
          },
          (err: unknown) => {
            // Unknown: the stream stays; the next request of its tab checks the session anyway.
            log.warn({ err }, 'notification push: could not check a stream’s session');
          },
        );
  }

  private endAll(): void {
    for (const set of [...this.byUser.values()]) for (const s of [...set]) s.end();
    this.byUser.clear();
  }
}
