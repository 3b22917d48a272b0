import http from 'node:http';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { RoundRobinProxy } from '../../scripts/soak/infra';
import { freePort } from '../../src/server/db/embedded';

/**
 * The soak's round-robin proxy (scripts/soak/infra.ts) in front of a plain HTTP server that misbehaves
 * on purpose. The soak counts a request without an answer in 30 s as a hang of the servers behind it;
 * the proxy must not make one of its own, nor leave an upstream request running for a client that left.
 */
let closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

async function upstream(handler: http.RequestListener, keepAliveTimeout?: number): Promise<number> {
  const server = http.createServer(handler);
  if (keepAliveTimeout) server.keepAliveTimeout = keepAliveTimeout;
  const port = await freePort();
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return port;
}

async function proxyTo(port: number): Promise<number> {
  const proxy = new RoundRobinProxy([port], await freePort());
  await proxy.listen();
  closers.push(() => proxy.close());
  return proxy.port;
}

/** GET through the proxy: the answer's status and headers once the body has ended, or the failure. */
function get(port: number, onResponse?: (req: http.ClientRequest, res: http.IncomingMessage) => void) {
  const agent = new http.Agent({ keepAlive: true });
  closers.push(() => {
    agent.destroy();
    return Promise.resolve();
  });
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      onResponse?.(req, res);
      res.on('error', reject);
      res.resume();
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
      });
    });
    req.on('error', reject);
  });
}

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([
    p,
    new Promise<'still waiting'>((r) =>
      setTimeout(() => {
        r('still waiting');
      }, ms),
    ),
  ]);

describe('the soak proxy', () => {
  it('cuts the client’s answer when the upstream’s is cut halfway, instead of leaving the client waiting', async () => {
    const port = await upstream((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('ten bytes!');
      setTimeout(() => {
        res.socket?.destroy();
      }, 50);
    });
    const outcome = await within(
      3000,
      get(await proxyTo(port)).then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(outcome).toBe('failed');
  });

  it('ends the upstream request when the client leaves before its answer is through', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<'closed'>((r) => {
      upstreamClosed = () => {
        r('closed');
      };
    });
    const port = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const tick = setInterval(() => res.write('x'.repeat(1024)), 20);
      res.on('close', () => {
        clearInterval(tick);
        upstreamClosed();
      });
    });
    void get(await proxyTo(port), (req) => {
      req.destroy();
    }).catch(() => {});
    expect(await within(3000, closed)).toBe('closed');
  });

  it('tells the client its own keep-alive time, not the upstream’s (which outlives the proxy’s)', async () => {
    // Fastify keeps an idle connection 72 s; the proxy closes one after 30 s.
    const port = await upstream((_req, res) => res.end('ok'), 72_000);
    const { status, headers } = await get(await proxyTo(port));
    expect(status).toBe(200);
    expect(headers['keep-alive']).toBe('timeout=30');
  });
});
