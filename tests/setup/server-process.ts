import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A real server process (src/server/main.ts through tsx), its output collected. */
export type ServerProcess = { child: ChildProcess; base: string; output: () => string; exited: Promise<number | null> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => {
        resolve(port);
      });
    });
  });
}

/** Starts a server with `env` over the test process's own, on a free loopback port; resolves once /healthz answers 200. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const server = { child, base: `http://127.0.0.1:${String(port)}`, output: () => output, exited };
  const began = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${String(child.exitCode)}:\n${output}`);
    const ok = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    if (Date.now() - began > 90_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await sleep(200);
  }
}
