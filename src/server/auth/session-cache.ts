import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { AuthUser } from '../context';
import { directConnectionConfig } from '../db/client';
import { ChannelListener } from '../db/listen';

/** The channel the database triggers of migration 0023 notify with a user id when that user's sign-in state changes. */
export const AUTH_CHANNEL = 'atrium_auth';
const MAX_ENTRIES = 50_000;

/**
 * Checked sessions, kept for a few seconds so that most requests skip the session query.
 *
 * A session or user change (logout, block, role, language, time zone, deletion) fires a database
 * trigger that notifies every server process on the database; each drops that user's sessions. The
 * process that made the change also drops them itself before answering (`forgetUser`). Entries are
 * served only while the notification connection is up: a lost connection empties the cache until it
 * is back.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: AuthUser; until: number }>();
  private readonly byUser = new Map<number, Set<string>>();
  /** Moves on every eviction: a check that raced one does not store what it read. */
  private epoch = 0;
  private readonly listener: ChannelListener;

  constructor(
    pool: pg.Pool,
    private readonly ttlMs: number,
    log: FastifyBaseLogger,
  ) {
    this.listener = new ChannelListener(
      directConnectionConfig(pool, 'atrium-sessions'),
      AUTH_CHANNEL,
      {
        notify: (payload) => {
          const id = Number(payload);
          if (Number.isInteger(id)) this.forgetUser(id);
          else this.clear();
        },
        // Whatever was stored before this connection listened may have missed a change.
        up: () => {
          this.clear();
        },
        down: () => {
          this.clear();
        },
      },
      log,
      'session cache: no notification connection yet, sessions are checked on every request',
    );
  }

  /** Whether its notification connection listens; undefined with the cache off (no connection is kept). */
  get listening(): boolean | undefined {
    return this.ttlMs > 0 ? this.listener.isLive : undefined;
  }

  get(sessionId: string, userId: number): AuthUser | null {
    if (!this.listener.isLive) return null;
    const hit = this.entries.get(sessionId);
    if (!hit) return null;
    if (hit.until < Date.now() || hit.user.id !== userId) {
      this.drop(sessionId, hit.user.id);
      return null;
    }
    return hit.user;
  }

  /** The epoch to pass to `put` with what a session check read. */
  mark(): number {
    return this.epoch;
  }

  put(user: AuthUser, epochBefore: number): void {
    if (!this.listener.isLive || this.epoch !== epochBefore) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.drop(oldest[0], oldest[1].user.id);
    }
    this.entries.set(user.sessionId, { user, until: Date.now() + this.ttlMs });
    let set = this.byUser.get(user.id);
    if (!set) this.byUser.set(user.id, (set = new Set()));
    set.add(user.sessionId);
  }

  forgetUser(userId: number): void {
    this.epoch++;
    for (const sid of this.byUser.get(userId) ?? []) this.entries.delete(sid);
    this.byUser.delete(userId);
  }

  private clear(): void {
    this.epoch++;
    this.entries.clear();
    this.byUser.clear();
  }

  private drop(sessionId: string, userId: number): void {
    this.entries.delete(sessionId);
    this.byUser.get(userId)?.delete(sessionId);
  }

  async start(): Promise<void> {
    if (this.ttlMs <= 0) return;
    await this.listener.start();
  }

  async stop(): Promise<void> {
    const stopped = this.listener.stop();
    this.clear();
    await stopped;
  }
}
