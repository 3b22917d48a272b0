import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RECONNECT_MS = 1_000;

type Handlers = {
  /** A notification on one of the channels, with its payload. */
  notify: (payload: string | undefined, channel: string) => void;
  /** The connection listens (again): anything before this moment may have been missed. */
  up?: () => void;
  /** The connection was lost; another is tried every second until one listens or `stop()`. */
  down: () => void;
};

/**
 * One dedicated connection (never a pool's: LISTEN belongs to its session) listening on one or more channels,
 * opened again a second after it is lost, until stopped. The session cache and the bell's push use it.
 */
export class ChannelListener {
  private client: pg.Client | null = null;
  private live = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  /** When the connection was lost (or could not be had at start), until it listens again. */
  private lostAt: number | null = null;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channels: string | readonly string[],
    private readonly on: Handlers,
    private readonly log: FastifyBaseLogger,
    /** Logged when the first connection cannot be had at start. */
    private readonly noConnectionYet: string,
  ) {}

  /** Whether a connection listens now (notifications are heard). */
  get isLive(): boolean {
    return this.live;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen().catch((err: unknown) => {
      this.lostAt ??= Date.now();
      this.log.warn({ err }, this.noConnectionYet);
      this.reconnectLater();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.live = false;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client(this.config);
    const lost = () => {
      if (this.client !== client) return;
      this.live = false;
      this.client = null;
      this.lostAt ??= Date.now();
      this.on.down();
      client.end().catch(() => {});
      this.reconnectLater();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      this.on.notify(n.payload, n.channel);
    });
    this.client = client;
    try {
      await client.connect();
      for (const channel of typeof this.channels === 'string' ? [this.channels] : this.channels)
        await client.query(`listen ${channel}`);
    } catch (err) {
      this.client = null;
      client.end().catch(() => {});
      throw err;
    }
    if (this.stopped) {
      this.client = null;
      await client.end().catch(() => {});
      return;
    }
    this.on.up?.();
    this.live = true;
    if (this.lostAt !== null) {
      // The pair of the "lost" line, so that an operator sees the outage end (and how long it was).
      const channels = typeof this.channels === 'string' ? this.channels : this.channels.join(', ');
      this.log.info(
        { channels, downMs: Date.now() - this.lostAt },
        `LISTEN connection back (${channels}) after ${String(Math.round((Date.now() - this.lostAt) / 1000))} s`,
      );
      this.lostAt = null;
    }
  }

  private reconnectLater(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.stopped) return;
      this.listen().catch(() => {
        this.reconnectLater();
      });
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
