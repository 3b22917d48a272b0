import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

/** One statement as node-postgres received it. */
export type Recorded = { text: string; values?: unknown[]; name?: string };

/**
 * Records the SQL an endpoint runs: node-postgres' Client#query is wrapped while `run` makes one
 * request, so the raw baseline replays exactly the statements of the endpoint (session check included).
 */
export async function recordSql(run: () => Promise<void>): Promise<Recorded[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: Recorded[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ text: first, values: Array.isArray(second) ? second : undefined });
    else if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[]; name?: string };
      // Drizzle passes its query config first and the values as the second argument.
      seen.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : undefined), name: q.name });
    }
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  // Transaction control is part of the work; pool housekeeping and the job queue's polling (pg-boss
  // runs in the same process, on the same pool) are not.
  return seen.filter((q) => q.text.trim().length > 0 && !q.text.includes('pgboss.'));
}

export type RawResult = { throughput: number; p50: number; p99: number };

/** The recorded statements in order, on one client, as the endpoint sent them. */
async function runRecorded(client: pg.PoolClient, statements: Recorded[]): Promise<void> {
  for (const s of statements) await client.query({ text: s.text, values: s.values, ...(s.name && { name: s.name }) });
}

/** Listens on a loopback port and gives the base URL. */
async function listenLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * The statements replayed straight through pg on `connections` clients of a pool of their own, kept
 * for the rounds of one call: `run(seconds)` loops them for that long and gives sequences per second
 * and latency.
 */
export function sqlReplayer(
  url: string,
  statements: Recorded[],
  connections: number,
): { run: (seconds: number) => Promise<RawResult>; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  return {
    run: async (seconds) => {
      const latencies: number[] = [];
      const until = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          const client = await pool.connect();
          try {
            while (Date.now() < until) {
              const t0 = performance.now();
              await runRecorded(client, statements);
              latencies.push(performance.now() - t0);
            }
          } finally {
            client.release();
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
      return { throughput: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
    },
    close: () => pool.end(),
  };
}

/**
 * The floor of HTTP on this machine for one endpoint: a bare Fastify route that runs the endpoint's
 * recorded statements on a pool of its own and answers the endpoint's recorded body. Any server
 * answering over HTTP pays at least this for the same SQL; the gap between it and the endpoint is
 * Atrium's own cost (hooks, validation, building the answer), the gap between it and the raw SQL is
 * HTTP's.
 */
export async function bareFastifyWithSql(
  url: string,
  statements: Recorded[],
  answer: string,
  connections: number,
): Promise<{ base: string; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const app = Fastify({ logger: false });
  app.all('/floor', async (_req, reply) => {
    const client = await pool.connect();
    try {
      await runRecorded(client, statements);
    } finally {
      client.release();
    }
    return reply.type('application/json').send(answer);
  });
  return {
    base: await listenLoopback(app),
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/** A bare Fastify route on a loopback port: the ceiling no endpoint can beat on this machine. */
export async function bareFastify(): Promise<{ base: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/ceiling', () => Promise.resolve({ ok: true }));
  return { base: await listenLoopback(app), close: () => app.close() };
}
