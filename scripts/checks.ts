/**
 * `npm run checks`: the code checks of `npm test`, two at a time. ESLint (type-aware) and the type check
 * are each one thread of CPU for most of a minute or more; run side by side on two cores they take about
 * the time of the longer. Each check's output is printed whole when it ends, with its time.
 * `npm test` (scripts/test.ts) runs the same lanes with Vitest after the shorter one.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

// ESLint alone in one lane; the rest one after another in the other.
export const LANES = [['lint'], ['typecheck', 'format:check', 'knip', 'lint:contract', 'circular']];

export type Result = { script: string; code: number; seconds: number };

/** `npm run <script>`, its output printed whole when it ends. */
export function runScript(script: string): Promise<Result> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(
        `\n=== npm run ${script}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds.toFixed(0)} s)\n${output}`,
      );
      resolve({ script, code: code ?? 1, seconds });
    }),
  );
}

export async function lane(scripts: string[]) {
  const results: Result[] = [];
  for (const script of scripts) results.push(await runScript(script));
  return results;
}

/** The failed checks' names, after saying which failed. */
export function failedChecks(results: Result[]): string[] {
  const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
  console.log(failed.length ? `\nChecks failed: ${failed.join(', ')}` : '\nAll checks passed');
  return failed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const failed = failedChecks((await Promise.all(LANES.map(lane))).flat());
  process.exit(failed.length ? 1 : 0);
}
