/**
 * The load side of the soak: a small keep-alive HTTP client, the per-scenario statistics, and the
 * loop that keeps N clients busy until told to stop. Every answer is judged by the scenario's policy:
 * `ok`, an `expected` failure (the scenario's fault, inside its window) or an `error`.
 */
import http from 'node:http';
import { must } from '../must';

export type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; json: () => unknown };

/** A transport failure (refused, reset, timed out) instead of an HTTP answer. */
class NetError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
/** An answer slower than this counts as a hang (an error in every scenario). */
const REQUEST_TIMEOUT_MS = 30_000;

export function request(
  base: string,
  method: string,
  path: string,
  opts: {
    token?: string;
    json?: unknown;
    form?: Record<string, string>;
    multipart?: Multipart;
    headers?: Record<string, string>;
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'accept-language': 'en', ...opts.headers };
  if (opts.token) headers.authorization = `JWT ${opts.token}`;
  let body: Buffer | undefined;
  if (opts.json !== undefined) {
    body = Buffer.from(JSON.stringify(opts.json));
    headers['content-type'] = 'application/json';
  } else if (opts.form) {
    body = Buffer.from(new URLSearchParams(opts.form).toString());
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (opts.multipart) {
    body = opts.multipart.body;
    headers['content-type'] = `multipart/form-data; boundary=${opts.multipart.boundary}`;
  }
  if (body) headers['content-length'] = String(body.length);
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err: NodeJS.ErrnoException) => {
          reject(new NetError(err.code ?? 'ERESPONSE', err.message));
        });
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: buf,
            json: () => JSON.parse(buf.toString('utf8')) as unknown,
          });
        });
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () =>
      req.destroy(Object.assign(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`), { code: 'HANG' })),
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      reject(new NetError(err.code ?? 'ENET', err.message));
    });
    req.end(body);
  });
}

export type Multipart = { boundary: string; body: Buffer };

/** A multipart/form-data body with text fields and files. */
export function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }>,
): Multipart {
  const boundary = `----soak${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'filename' in p
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'filename' in p ? p.data : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, body: Buffer.concat(chunks) };
}

export type Verdict = 'ok' | 'expected' | 'error';

/** One call as the load saw it. `upload` marks the calls that write a file. */
export type Outcome = { call: string; upload?: boolean; reply?: Reply; failure?: NetError; ms: number; at: number };

export type Policy = (o: Outcome, wanted: number[]) => Verdict;

/** The default: the wanted statuses are fine, anything else is an error. */
export const strict: Policy = (o, wanted) => (o.reply && wanted.includes(o.reply.status) ? 'ok' : 'error');

export class Stats {
  readonly latencies: number[] = [];
  ok = 0;
  expected = 0;
  errors = 0;
  readonly errorKinds = new Map<string, number>();
  readonly expectedKinds = new Map<string, number>();
  /** Epoch ms of the first and last expected failure, and of every ok answer after a fault. */
  firstExpectedAt = 0;
  lastExpectedAt = 0;
  readonly okTimes: number[] = [];
  readonly byCall = new Map<string, number[]>();

  constructor(public policy: Policy = strict) {}

  get requests(): number {
    return this.ok + this.expected + this.errors;
  }

  /** Records the outcome and returns the verdict. */
  record(o: Outcome, wanted: number[]): Verdict {
    this.latencies.push(o.ms);
    const per = this.byCall.get(o.call);
    if (per) per.push(o.ms);
    else this.byCall.set(o.call, [o.ms]);
    const v = this.policy(o, wanted);
    const kind = `${o.call} -> ${o.reply ? `${o.reply.status} ${snippet(o.reply)}` : o.failure?.code}`;
    if (v === 'ok') {
      this.ok += 1;
      this.okTimes.push(o.at);
    } else if (v === 'expected') {
      this.expected += 1;
      this.firstExpectedAt ||= o.at;
      this.lastExpectedAt = o.at;
      this.expectedKinds.set(kind, (this.expectedKinds.get(kind) ?? 0) + 1);
    } else {
      this.errors += 1;
      this.errorKinds.set(kind, (this.errorKinds.get(kind) ?? 0) + 1);
    }
    return v;
  }

  percentile(p: number, of: number[] = this.latencies): number {
    if (!of.length) return 0;
    const sorted = Float64Array.from(of).sort();
    return must(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
  }

  /** The calls with the highest p99, as `name p50/p99 ms (count)`. */
  slowest(n: number): string {
    return [...this.byCall]
      .map(([call, ms]) => ({ call, n: ms.length, p50: this.percentile(50, ms), p99: this.percentile(99, ms) }))
      .sort((a, b) => b.p99 - a.p99)
      .slice(0, n)
      .map((c) => `${c.call} ${c.p50.toFixed(0)}/${c.p99.toFixed(0)} ms (${c.n})`)
      .join(', ');
  }
}

function snippet(r: Reply): string {
  const text = r.body.toString('utf8', 0, 160).replace(/\s+/g, ' ');
  try {
    const j: unknown = JSON.parse(r.body.toString('utf8'));
    if (j && typeof j === 'object' && 'code' in j && typeof j.code === 'string') return j.code;
  } catch {
    // not JSON
  }
  return text.slice(0, 80);
}

/** What one client does next; returns when its action (one or more calls) is done. */
export type Client = (ctx: { stats: Stats; stopped: () => boolean }) => Promise<void>;

/** Runs every client in a loop until `until` resolves, then waits for the calls in flight. */
export async function runClients(clients: Client[], stats: Stats, until: Promise<void>): Promise<void> {
  let stop = false;
  void until.then(() => {
    stop = true;
  });
  const stopped = () => stop;
  await Promise.all(
    clients.map(async (client) => {
      while (!stop) {
        const failedBefore = stats.expected + stats.errors;
        await client({ stats, stopped });
        // Like a real client, one that just failed waits a moment before it tries again.
        if (stats.expected + stats.errors > failedBefore)
          await new Promise((r) => setTimeout(r, RETRY_AFTER_FAILURE_MS));
      }
    }),
  );
}

const RETRY_AFTER_FAILURE_MS = 250;

/** Times one call and records it; returns the reply when the verdict is ok, else null. */
export async function timed(
  stats: Stats,
  call: string,
  wanted: number[],
  run: () => Promise<Reply>,
  opts: { upload?: boolean } = {},
): Promise<Reply | null> {
  const t0 = performance.now();
  let reply: Reply | undefined;
  let failure: NetError | undefined;
  try {
    reply = await run();
  } catch (err) {
    failure = err instanceof NetError ? err : new NetError('ECLIENT', (err as Error).message);
  }
  const verdict = stats.record(
    { call, upload: opts.upload, reply, failure, ms: performance.now() - t0, at: Date.now() },
    wanted,
  );
  return verdict === 'ok' ? must(reply) : null;
}
