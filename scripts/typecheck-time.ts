/**
 * Prints how long a warm `npm run typecheck` (TypeScript 7's `tsc -b`) takes: one run fills the incremental caches
 * in .cache/tsc (no-op when they are current), the second, timed run is the warm one. Budget: 10 s.
 * Run: npm run typecheck:time
 */
import { spawnSync } from 'node:child_process';

const BUDGET_S = 10;

function typecheck(): number {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', 'typecheck'], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`the type check failed (exit ${String(run.status)})`);
    process.exit(1);
  }
  return (performance.now() - started) / 1000;
}

const cold = typecheck();
const warm = typecheck();
console.log(`typecheck: first run ${cold.toFixed(1)} s, warm run ${warm.toFixed(1)} s (budget ${BUDGET_S} s)`);
if (warm > BUDGET_S) process.exitCode = 1;
