import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(ROOT, 'node_modules/openapi-typescript/bin/cli.js');

/**
 * The same command as `npm run generate` with `--check`: openapi-typescript regenerates the types
 * in memory and compares them with src/api/schema.ts byte for byte (exit 0 when equal, 1 when not).
 */
function checkGenerated(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'openapi/openapi.yaml', '-o', 'src/api/schema.ts', '--root-types', '--check'],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, timeout: 120_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}`.trim() });
      },
    );
  });
}

describe('the generated contract types', () => {
  it('src/api/schema.ts matches openapi/ (otherwise run `npm run generate`)', { timeout: 120_000 }, async () => {
    const { code, output } = await checkGenerated();
    if (code === 0) return;
    const stale = /not up-to-date/i.test(output);
    expect.fail(
      stale
        ? `src/api/schema.ts is stale: the contract under openapi/ changed since it was generated. Run \`npm run generate\` (never edit the file by hand).\n${output}`
        : `openapi-typescript could not generate the types from openapi/openapi.yaml (exit ${code}); fix the contract, then run \`npm run generate\`.\n${output}`,
    );
  });
});
