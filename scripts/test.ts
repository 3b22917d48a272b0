/**
 * `npm test`: the code checks (scripts/checks.ts), every Vitest project, then the E2E (scripts/e2e.ts).
 * The checks' two lanes are uneven: ESLint's takes over a minute longer on a clean clone (no cache) than the
 * type check, prettier, knip, Redocly and madge together, so Vitest starts in the shorter lane as soon as
 * it is free instead of leaving a core idle until ESLint ends. The E2E runs when all of them have passed.
 */
import { spawn } from 'node:child_process';
import { failedChecks, lane, LANES, type Result } from './checks';

const children = new Set<ReturnType<typeof spawn>>();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}

/** A command with its output as it comes; its exit code. */
function run(command: string, args: string[]): Promise<number> {
  const child = spawn(command, args, { stdio: 'inherit' });
  children.add(child);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code ?? 1);
    }),
  );
}

const [lintLane, otherLane] = LANES as [string[], string[]];
let vitest = 0;
const results: Result[] = (
  await Promise.all([
    lane(lintLane),
    lane(otherLane).then(async (done) => {
      vitest = await run('npx', ['vitest', 'run']);
      return done;
    }),
  ])
).flat();
const failed = failedChecks(results);
if (vitest !== 0) console.log('\nVitest failed');
if (failed.length || vitest !== 0) process.exit(1);
process.exit(await run('npm', ['run', 'test:e2e']));
