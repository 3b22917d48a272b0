/**
 * The load of the bench: 16 keep-alive clients sending one call over and over.
 *
 * wrk (C; Debian's `wrk` package) when it is on the PATH, else autocannon. The client runs on the same
 * two cores as the server and PostgreSQL, while the raw-SQL baseline it is compared with has no HTTP
 * client at all: autocannon spends about 50 µs of CPU per request here, wrk about 12, so with
 * autocannon a third of the CPU an HTTP call costs on this machine is the load generator's own.
 * BENCH_CLIENT=autocannon picks autocannon even where wrk is installed.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export type Measured = { requests: number; throughput: number; p50: number; p99: number; errors: number };

export type Load = {
  method: string;
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  body?: string;
};

function wrkVersion(): string | undefined {
  if (process.env.BENCH_CLIENT === 'autocannon') return undefined;
  let out = '';
  try {
    out = execFileSync('wrk', ['-v'], { stdio: 'pipe' }).toString();
  } catch (err) {
    // `wrk -v` prints its version and usage and exits 1; a missing wrk has no stdout.
    out = String((err as { stdout?: Buffer }).stdout ?? '');
  }
  return /^wrk (\S+)/m.exec(out)?.[1];
}

const WRK = wrkVersion();

/** The client the figures were taken with, for the table's heading. */
export const loadClient = WRK ? `wrk ${WRK}` : 'autocannon (in a worker thread)';

// wrk takes the method and body from its script, and prints the summary as JSON when it is done.
const WRK_SCRIPT = `
wrk.method = os.getenv("BENCH_METHOD")
wrk.body = os.getenv("BENCH_BODY")
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\n{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"non2xx":%d,"socket_errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout))
end
`;

let scriptFile: string | undefined;

function withWrk(load: Load): Promise<Measured> {
  if (!scriptFile) {
    scriptFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-wrk-')), 'call.lua');
    fs.writeFileSync(scriptFile, WRK_SCRIPT);
  }
  const args = [
    '-t1',
    `-c${load.connections}`,
    `-d${Math.max(1, Math.round(load.seconds))}s`,
    '--timeout',
    '10s',
    '-s',
    scriptFile,
  ];
  for (const [name, value] of Object.entries(load.headers)) args.push('-H', `${name}: ${value}`);
  args.push(load.url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, {
      env: { ...process.env, BENCH_METHOD: load.method, BENCH_BODY: load.body ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
      if (code !== 0 || !line) {
        reject(new Error(`wrk exited ${code}: ${out}`));
        return;
      }
      const r = JSON.parse(line) as {
        requests: number;
        duration_us: number;
        p50_us: number;
        p99_us: number;
        non2xx: number;
        socket_errors: number;
      };
      resolve({
        requests: r.requests,
        throughput: r.requests / (r.duration_us / 1e6),
        p50: r.p50_us / 1000,
        p99: r.p99_us / 1000,
        // wrk counts answers over 399; 3xx are not errors for it, nor are they for the calls measured.
        errors: r.non2xx + r.socket_errors,
      });
    });
  });
}

function withAutocannon(load: Load): Promise<Measured> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: load.url,
        method: load.method as 'GET',
        connections: load.connections,
        // The load runs in its own thread so it does not share the server's event loop.
        workers: 1,
        duration: load.seconds,
        headers: load.headers,
        ...(load.body !== undefined && { body: load.body }),
      },
      (err, r) => {
        if (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        resolve({
          requests: r.requests.total,
          throughput: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.non2xx + r.errors + r.timeouts,
        });
      },
    );
  });
}

export const measureLoad = (load: Load): Promise<Measured> => (WRK ? withWrk(load) : withAutocannon(load));
