import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_QUEUE } from '../../src/server/services/payments/settle';
import { promtool } from '../setup/promtool';
import { auth, createTestApp, type TestApp } from '../setup/test-app';

/** GET /metrics: Prometheus text behind METRICS_TOKEN, with the families an operator reads. */
const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t.close();
});

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`), or undefined when it is not there. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('GET /metrics', () => {
  it('answers 401 with WWW-Authenticate without the bearer token, or with another', async () => {
    for (const given of [undefined, `Bearer ${TOKEN}x`, `JWT ${TOKEN}`]) {
      const res = await scrape(given);
      expect(res.statusCode, given).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ code: 'not_authenticated' });
    }
  });

  it('counts requests by method, route and status code as fastify-metrics does, with their latency and those in flight', async () => {
    const token = await t.login('member@demo.atrium');
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me/', headers: auth(token) })).statusCode).toBe(
        200,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me/' })).statusCode).toBe(401);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    // As fastify-metrics names and labels them, for stock dashboards.
    const me = 'method="GET",route="/api/accounts/me/"';
    expect(sample(text, `http_request_duration_seconds_count{${me},status_code="200"}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_count{${me},status_code="401"}`)).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/accounts/login/",status_code="200"}',
      ),
    ).toBe(1);
    // The scrape itself is the one request in flight.
    expect(sample(text, 'atrium_http_requests_in_flight')).toBe(1);
  });

  it('shows the pool and its lanes, the database and LISTEN state, the job queues and job durations, imports, push streams, the build, memory and event-loop lag', async () => {
    // A job that waits an hour (a queue depth), and one that runs now (a duration).
    await t.app.ctx.jobs.send(RECEIPT_QUEUE, { paymentId: 0 }, { startAfter: 3600 });
    await t.app.ctx.jobs.send(RECEIPT_QUEUE, { paymentId: 0 });
    let text = '';
    for (const until = Date.now() + 20_000; Date.now() < until;) {
      text = (await scrape(`Bearer ${TOKEN}`)).body;
      if (text.includes(`atrium_job_duration_seconds_count{queue="${RECEIPT_QUEUE}"`)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // An import running for 10 s with 200 rows done, about 20 rows a second (inserted just before the
    // scrape: the minute sweep would run it and find no file).
    await t.pool.query(
      `insert into user_imports (file_name, file_url, status, success, skipped, started_at)
       values ('a.csv', '/media/imports/a.csv', 'running', 150, 50, now() - interval '10 seconds')`,
    );
    text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(
      new RegExp(`atrium_job_duration_seconds_count\\{queue="${RECEIPT_QUEUE}",result="(ok|failed)"\\} 1`),
    );
    expect(sample(text, `atrium_job_queue_jobs{queue="${RECEIPT_QUEUE}",state="created"}`)).toBe(1);
    // Every queue has its series, at zero when empty.
    expect(sample(text, `atrium_job_queue_jobs{queue="${RECEIPT_QUEUE}",state="retry"}`)).toBe(0);
    expect(sample(text, 'atrium_db_pool_connections{state="idle"}')).toBeGreaterThan(0);
    expect(sample(text, 'atrium_db_pool_connections{state="busy"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'atrium_db_pool_max_connections')).toBe(10);
    expect(sample(text, 'atrium_db_pool_waiting_requests')).toBe(0);
    expect(sample(text, 'atrium_database_up')).toBe(1);
    expect(sample(text, 'atrium_listen_connected{channel="atrium_notifications"}')).toBe(1);
    expect(text).toMatch(/^atrium_build_info\{version="\d+\.\d+\.\d+",node_version="v\d+[^"]*"\} 1$/m);
    expect(sample(text, 'atrium_db_lanes{state="open"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'atrium_db_statements_total{on="pool"}')).toBeGreaterThan(0);
    expect(sample(text, 'atrium_imports_running')).toBe(1);
    const rate = sample(text, 'atrium_import_rows_per_second');
    expect(rate).toBeGreaterThan(10);
    expect(rate).toBeLessThanOrEqual(20);
    expect(sample(text, 'atrium_push_streams')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds ');
    expect(text).toContain('nodejs_heap_size_used_bytes ');
  });

  it('passes promtool check metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/no/such/path' });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    const lint = promtool(['check', 'metrics'], text);
    expect(lint.output).toBe('');
    expect(lint.status).toBe(0);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp({ seed: false });
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    } finally {
      await plain.close();
    }
  });
});
