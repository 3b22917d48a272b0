import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNIT_FRESH, WEB_FRESH } from '../../scripts/fresh-modules';

/**
 * What a file does that would reach the next files of its worker when they share modules and globals:
 * a mocked module, a global put or changed, an environment of its own (jsdom), an environment variable set.
 */
const LEAKS =
  /\bvi\.(?:mock|doMock|stubGlobal|stubEnv)\(|\bglobalThis\b|@vitest-environment|\bprocess\.env\.\w+\s*=[^=]/;

const files = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.posix.join(dir, f));

describe('test files that mock or put globals run on fresh modules', () => {
  for (const [dir, fresh] of [
    ['tests/unit', UNIT_FRESH],
    ['tests/web', WEB_FRESH],
  ] as const)
    it(`${dir}: each such file is listed in scripts/fresh-modules.ts`, () => {
      // This file names the patterns only.
      const leaking = files(dir).filter(
        (f) => f !== 'tests/unit/fresh-modules.test.ts' && LEAKS.test(fs.readFileSync(f, 'utf8')),
      );
      expect(leaking.filter((f) => !fresh.includes(f))).toEqual([]);
      // A listed file that no longer needs it only costs time: keep the list true.
      expect(fresh.filter((f) => !leaking.includes(f))).toEqual([]);
    });
});
