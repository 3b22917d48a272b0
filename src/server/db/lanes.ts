import net from 'node:net';
import { LRUCache } from 'lru-cache';
import pg from 'pg';

/** A statement's config as the pool receives it (pg's QueryConfig, plus what rules it out here). */
export type LaneQuery = pg.QueryConfig & { rows?: number };

type Lane = {
  client: pg.Client | undefined;
  /** The lane's own socket, handed to its client through pg's public `stream` option (corked per turn). */
  socket: net.Socket | undefined;
  connecting: boolean;
  /** After a failed connect, no new attempt before this time (PostgreSQL is down; the pool answers). */
  retryAt: number;
  /** The statements out on this lane, oldest first (answers come in order): sent when, expected to take how long. */
  sent: Array<{ at: number; ms: number }>;
  /** The sum of those expectations: how long a statement sent now would wait. */
  queuedMs: number;
  /** When the lane's last answer came: a statement's own time starts at its send or there. */
  lastDoneAt: number;
  corked: boolean;
};

/**
 * What is known of one statement text: whether it may go on a lane at all, how long its runs on the
 * pool took (from the call to the answer, the event loop's delays under load included), and how long
 * it keeps a lane busy (from its send, or the answer before it, to its answer).
 */
type Seen = { read: boolean; poolMs: number | undefined; laneMs: number | undefined };

export type LaneOptions = {
  /** Only statements that have been taking less than this go on a lane. */
  fastMs?: number;
  /** A lane takes a statement while the ones already out on it are expected to take less than this. */
  maxWaitMs?: number;
  /** A lane whose oldest statement has been out longer than this (a lock, a slow run) takes no more. */
  overdueMs?: number;
  /** How long a lane that could not connect waits before it tries again. */
  retryMs?: number;
};

const READ = /^\s*(\/\*.*?\*\/\s*)*(select|with)\b/is;
const NOT_READ =
  /;\s*\S|\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b|\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b|\bnextval\s*\(|\bpg_advisory|\bset_config\s*\(|\bpgboss\./i;
/**
 * One plain read: no second statement, no row locks, no data-modifying WITH, no sequence or session
 * side effects. pg-boss's statements stay on the pool, whose semantics it was written for.
 */
export const isRead = (text: string) => READ.test(text) && !NOT_READ.test(text);
const MAX_SEEN = 4000;
// A moving average: the last few runs count most.
const WEIGHT = 0.3;
const average = (before: number | undefined, ms: number) =>
  before === undefined ? ms : before + WEIGHT * (ms - before);

/**
 * Shared connections in pipeline mode (node-postgres' `pipeline: true`) for the fast reads of
 * concurrent requests. The statements sent in one turn of the event loop leave in one write, and the
 * lane's PostgreSQL backend reads them in one read, where a pooled connection per statement costs a
 * write, a read and the wake-up of a backend of its own each: on a small machine those system calls
 * are most of a cheap request's cost. Each statement keeps its own Sync, so it is its own transaction
 * and its error is its own, exactly as on a pooled connection.
 *
 * A lane answers in order, so a slow statement would hold up the ones behind it. Only reads that have
 * been fast go on a lane (a statement runs on the pool, timed, until it is known), a lane takes a
 * statement only while the ones ahead of it are expected to take under `maxWaitMs` and none is
 * overdue, and whatever no lane takes runs on the pool as before: writes, transactions, slow or unknown
 * statements. A lane that breaks (PostgreSQL restarted) fails what it had out, as a pooled connection
 * would, and opens again for a later statement.
 */
export class StatementLanes {
  private readonly lanes: Lane[];
  // Texts with a page's limit in them are many: the least recently used are forgotten (and timed again once).
  private readonly seen = new LRUCache<string, Seen>({ max: MAX_SEEN });
  private readonly fastMs: number;
  private readonly maxWaitMs: number;
  private readonly overdueMs: number;
  private readonly retryMs: number;
  private closed = false;
  /** Statements sent on a lane since the start. */
  private sentCount = 0;

  /**
   * `open` makes a lane's client over the socket it is given (pg's `stream` option): the lane owns
   * that socket and corks it itself, so nothing of pg's private connection is touched.
   */
  constructor(
    private readonly open: (stream: () => net.Socket) => pg.Client,
    count: number,
    options: LaneOptions = {},
  ) {
    this.fastMs = options.fastMs ?? 5;
    this.maxWaitMs = options.maxWaitMs ?? 2;
    this.overdueMs = options.overdueMs ?? 50;
    this.retryMs = options.retryMs ?? 1000;
    this.lanes = Array.from({ length: count }, () => ({
      client: undefined,
      socket: undefined,
      connecting: false,
      retryAt: 0,
      sent: [],
      queuedMs: 0,
      lastDoneAt: 0,
      corked: false,
    }));
  }

  /** Sends a fast read on a lane that can take it; undefined when it is not one or no lane can now. */
  query(config: LaneQuery): Promise<pg.QueryResult> | undefined {
    if (this.closed || config.rows !== undefined) return undefined;
    const seen = this.about(config.text);
    if (!seen.read) return undefined;
    // The lower of the two: a run on the pool counts the event loop's delays under load, and a lane's
    // first run of a statement parses it; each is refreshed while the statement runs there.
    const expected = Math.min(seen.laneMs ?? Infinity, seen.poolMs ?? Infinity);
    if (!(expected < this.fastMs)) return undefined;
    const lane = this.pick();
    const client = lane?.client;
    const socket = lane?.socket;
    if (!lane || !client || !socket) return undefined;
    // Everything sent on this lane in this turn of the event loop leaves in one write. (Over TLS pg
    // writes through a TLS socket on top of this one, so the statements still pipeline but leave as
    // pg writes them.)
    if (!lane.corked) {
      lane.corked = true;
      socket.cork();
      setImmediate(() => {
        lane.corked = false;
        socket.uncork();
      });
    }
    const sent = lane.sent;
    const at = performance.now();
    sent.push({ at, ms: expected });
    lane.queuedMs += expected;
    const done = () => {
      sent.shift();
      if (lane.sent !== sent) return; // the lane broke and was opened again meanwhile
      lane.queuedMs = Math.max(0, lane.queuedMs - expected);
      const now = performance.now();
      seen.laneMs = average(seen.laneMs, now - Math.max(at, lane.lastDoneAt));
      lane.lastDoneAt = now;
    };
    this.sentCount += 1;
    const result = client.query(config) as unknown as Promise<pg.QueryResult>;
    result.then(done, done);
    return result;
  }

  /** What the lanes hold now and have taken so far (for /metrics). */
  usage(): { open: number; out: number; sent: number } {
    let open = 0;
    let out = 0;
    for (const lane of this.lanes) {
      if (lane.client) open += 1;
      out += lane.sent.length;
    }
    return { open, out, sent: this.sentCount };
  }

  /** Times a read the pool runs, so that it can go on a lane next time if it was fast: call the answer when it is done. */
  timer(text: string): (() => void) | undefined {
    const seen = this.about(text);
    if (!seen.read) return undefined;
    const at = performance.now();
    return () => void (seen.poolMs = average(seen.poolMs, performance.now() - at));
  }

  private about(text: string): Seen {
    let seen = this.seen.get(text);
    if (!seen) {
      seen = { read: isRead(text), poolMs: undefined, laneMs: undefined };
      this.seen.set(text, seen);
    }
    return seen;
  }

  /**
   * The first lane, in a fixed order, that can take a statement now. Filling one lane before the next
   * puts as many statements as possible in each write; the next lane and then the pool take what one
   * lane cannot. An unopened lane starts opening for later statements.
   */
  private pick(): Lane | undefined {
    const now = performance.now();
    for (const lane of this.lanes) {
      if (!lane.client) {
        this.openLane(lane, now);
        continue;
      }
      const first = lane.sent[0];
      const overdue = first !== undefined && now - first.at > this.overdueMs;
      if (lane.queuedMs < this.maxWaitMs && !overdue) return lane;
    }
    return undefined;
  }

  private openLane(lane: Lane, now: number): void {
    if (lane.connecting || this.closed || now < lane.retryAt) return;
    lane.connecting = true;
    const socket = new net.Socket();
    const client = this.open(() => socket);
    const drop = () => {
      if (lane.client !== client) return;
      lane.client = undefined;
      lane.socket = undefined;
      lane.sent = [];
      lane.queuedMs = 0;
    };
    client.on('error', drop);
    client.on('end', drop);
    client.connect().then(
      () => {
        lane.connecting = false;
        if (this.closed) void client.end().catch(() => {});
        else {
          lane.client = client;
          lane.socket = socket;
        }
      },
      () => {
        lane.connecting = false;
        lane.retryAt = performance.now() + this.retryMs;
      },
    );
  }

  /** Ends the lanes; statements out on them are answered first. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.lanes.map(async (lane) => {
        const client = lane.client;
        lane.client = undefined;
        lane.socket = undefined;
        await client?.end().catch(() => {});
      }),
    );
  }
}
