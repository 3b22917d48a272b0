import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

// Prometheus' own checker, from Debian's prometheus package (installed by .ci/run).
const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';

/** Runs promtool with these arguments (and `input` on stdin): its exit status and everything it printed. */
export function promtool(args: string[], input?: string): { status: number | null; output: string } {
  if (!fs.existsSync(PROMTOOL))
    throw new Error(
      `${PROMTOOL} is missing: install Debian's prometheus (apt-get install prometheus), as .ci/run does`,
    );
  const run = spawnSync(PROMTOOL, args, { encoding: 'utf8', ...(input !== undefined && { input }) });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
