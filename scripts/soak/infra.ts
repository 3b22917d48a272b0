/**
 * The moving parts of the soak: one PostgreSQL cluster it can stop and start, real server processes
 * (`node --import tsx src/server/main.ts`) it can start and SIGKILL, a small tmpfs for the data dir,
 * and a round-robin reverse proxy in front of several servers.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream';
import EmbeddedPostgres from '../../src/server/db/embedded-postgres';
import { must } from '../must';

const PG_PASSWORD = 'atrium-soak';

/** A PostgreSQL cluster on a fixed loopback port, so its URL survives a stop and a start. */
export class Cluster {
  private readonly pg: InstanceType<typeof EmbeddedPostgres>;
  running = false;

  constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    this.pg = new EmbeddedPostgres({
      databaseDir: dir,
      user: 'postgres',
      password: PG_PASSWORD,
      port,
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
      // TCP only, as a PostgreSQL server on another host would be reached.
      postgresFlags: [
        '-c',
        'max_connections=200',
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ],
      onLog: () => {},
      onError: () => {},
    });
  }

  url(database = 'postgres'): string {
    return `postgresql://postgres:${PG_PASSWORD}@127.0.0.1:${this.port}/${database}`;
  }

  async init(): Promise<void> {
    await this.pg.initialise();
    await this.start();
  }

  async start(): Promise<void> {
    await this.pg.start();
    this.running = true;
  }

  /** A fast shutdown (SIGINT to the postmaster): open sessions are terminated, as in a real restart. */
  async stop(): Promise<void> {
    await this.pg.stop();
    this.running = false;
  }
}

export type ServerOptions = {
  name: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  logDir: string;
  env?: Record<string, string>;
};

/** One real Atrium server process. */
export class Server {
  private child: ChildProcess | null = null;
  private exitedUnexpectedly: string | null = null;

  private expectingExit = false;
  starts = 0;

  private running(): boolean {
    return this.child !== null;
  }

  constructor(readonly opts: ServerOptions) {}

  get base(): string {
    return `http://127.0.0.1:${this.opts.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Set when the process ended without being told to (a crash): the scenario fails on it. */
  get crash(): string | null {
    return this.exitedUnexpectedly;
  }

  /** The crash, reported once (by the scenario it happened in). */
  takeCrash(): string | null {
    const crash = this.exitedUnexpectedly;
    this.exitedUnexpectedly = null;
    return crash;
  }

  async start(timeoutMs = 180_000): Promise<number> {
    const t0 = Date.now();
    this.starts += 1;
    const log = fs.openSync(path.join(this.opts.logDir, `${this.opts.name}.log`), 'a');
    fs.writeSync(log, `\n--- start #${this.starts} at ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(this.opts.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.opts.dataDir,
        DATABASE_URL: this.opts.databaseUrl,
        SEED_DEMO: '1',
        LOG_LEVEL: process.env.SOAK_SERVER_LOG_LEVEL ?? 'warn',
        ...this.opts.env,
      },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    this.expectingExit = false;
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (!this.expectingExit)
        this.exitedUnexpectedly = `${this.opts.name} exited by itself (code ${code}, signal ${signal}); see ${this.opts.name}.log`;
    });
    for (;;) {
      // Read through a call: the 'exit' listener above may have cleared it while we waited.
      if (!this.running()) throw new Error(this.exitedUnexpectedly ?? `${this.opts.name} did not start`);
      try {
        const res = await fetch(`${this.base}/healthz`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return Date.now() - t0;
      } catch {
        // not listening yet
      }
      if (Date.now() - t0 > timeoutMs)
        throw new Error(`${this.opts.name} did not answer /healthz within ${timeoutMs / 1000} s`);
      await sleep(100);
    }
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.expectingExit = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  /** SIGKILL: no shutdown hook runs, connections and transactions are cut where they are. */
  kill(): Promise<void> {
    return this.end('SIGKILL');
  }

  /** SIGTERM: the server's graceful shutdown. */
  stop(): Promise<void> {
    return this.end('SIGTERM');
  }
}

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection, not the message: a proxy does not pass
 * them on. Forwarded, the upstream's `Keep-Alive: timeout=72` (Fastify's) told the client to keep an
 * idle connection 71 s that the proxy itself closes after 30 s.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

function endToEnd(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  // Besides the fixed ones, those the Connection header names.
  const drop = new Set([...HOP_BY_HOP, ...(headers.connection ?? '').split(',').map((n) => n.trim().toLowerCase())]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name)));
}

/** A reverse proxy that hands each request to the next upstream in turn (keep-alive to each). */
export class RoundRobinProxy {
  private readonly server: http.Server;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  private next = 0;
  readonly served: number[];
  /**
   * The answers that did not get through whole (a client that gave up at the load's 30 s limit, an
   * upstream that failed): where each request was, so that a scenario can tell one the proxy held from
   * one a server did not answer.
   */
  readonly unfinished: string[] = [];

  constructor(
    private readonly upstreams: number[],
    readonly port: number,
  ) {
    this.served = upstreams.map(() => 0);
    this.server = http.createServer((req, res) => {
      const i = this.next++ % this.upstreams.length;
      const upstream = must(this.upstreams[i]);
      this.served[i] = must(this.served[i]) + 1;
      const t0 = Date.now();
      let sentMs = -1;
      let answeredMs = -1;
      let upstreamFailed = false;
      const headers = { ...endToEnd(req.headers), 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' };
      const out = http.request(
        { host: '127.0.0.1', port: upstream, method: req.method, path: req.url, headers, agent: this.agent },
        (up) => {
          answeredMs = Date.now() - t0;
          const back = endToEnd(up.headers);
          // An upstream that closes its connection after this answer: the client's is closed too, as if direct.
          if (/\bclose\b/i.test(up.headers.connection ?? '')) back.connection = 'close';
          res.writeHead(up.statusCode ?? 502, back);
          up.once('error', () => {
            upstreamFailed = true;
          });
          // Unlike pipe(), pipeline ends each side with the other: an upstream cut mid-answer cuts the
          // client's answer (which would otherwise wait for the rest forever), and a client that left
          // takes the upstream answer down with it (which would otherwise hold its socket, half read).
          pipeline(up, res, () => {});
        },
      );
      out.on('finish', () => {
        sentMs = Date.now() - t0;
      });
      out.on('error', () => {
        upstreamFailed = true;
        if (res.destroyed) return;
        if (!res.headersSent)
          res
            .writeHead(502, { 'content-type': 'application/json' })
            .end('{"detail":"bad gateway","code":"bad_gateway"}');
        else res.destroy();
      });
      // The client gone before its answer was through: the upstream request goes too.
      res.on('close', () => {
        if (res.writableFinished) return;
        const at = (ms: number) => (ms < 0 ? 'not yet' : `after ${ms} ms`);
        this.unfinished.push(
          `${req.method ?? ''} ${req.url ?? ''} to port ${upstream}: sent on ${at(sentMs)}, answer begun ${at(answeredMs)}, ${upstreamFailed ? 'upstream failed' : 'client gone'} after ${Date.now() - t0} ms`,
        );
        out.destroy();
      });
      req.pipe(out);
    });
    this.server.keepAliveTimeout = 30_000;
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        resolve();
      });
    });
  }

  close(): Promise<void> {
    this.agent.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve) =>
      this.server.close(() => {
        resolve();
      }),
    );
  }
}

/** Mounts a tmpfs of `sizeMb` on `dir`; returns null on success or the reason it could not. */
export function mountTmpfs(dir: string, sizeMb: number): string | null {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', dir], { stdio: 'pipe' });
    return null;
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    return must((e.stderr?.toString().trim() || e.message).split('\n')[0]);
  }
}

export function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'pipe' });
  } catch {
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
    } catch {
      // not mounted
    }
  }
}

/** Writes zeros to `file` until the file system says ENOSPC, to the last byte; returns the bytes written. */
export async function fillDisk(file: string): Promise<number> {
  const fh = await fs.promises.open(file, 'w');
  let written = 0;
  try {
    // Big blocks first, then small ones, so not even a small file fits afterwards.
    for (const size of [1 << 20, 4096, 512, 1]) {
      const block = Buffer.alloc(size);
      for (;;) {
        try {
          const { bytesWritten } = await fh.write(block);
          written += bytesWritten;
          if (bytesWritten < size) break;
        } catch (err) {
          if ((err as { code?: string }).code === 'ENOSPC') break;
          throw err;
        }
      }
    }
  } finally {
    await fh.close();
  }
  return written;
}

export async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => {
      resolve(false);
    });
    srv.listen(port, '127.0.0.1', () =>
      srv.close(() => {
        resolve(true);
      }),
    );
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
