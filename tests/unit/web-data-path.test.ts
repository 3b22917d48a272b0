import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue #39: screens call the provider's custom methods one way, through the hooks of the data layer:
 * src/web/providers/data/ (useProviderQuery, useProviderMutation) and each feature's data.ts (its adapter
 * and methods) and hooks.ts (its named hooks). This counts what would bypass them elsewhere: TanStack
 * Query's hooks, imported from the library or from providers/data/query.ts's re-export. ESLint's
 * no-restricted-imports (eslint.config.js) refuses the same imports.
 */
const WEB = path.resolve('src/web');
const DATA = path.join(WEB, 'providers', 'data');
const BYPASS =
  /\b(useQuery|useMutation|useQueryClient|useInfiniteQuery)\b|['"]@tanstack\/react-query['"]|['"][^'"]*providers\/data\/query['"]/g;

/** A feature's data layer: its adapter and methods, its hooks. */
const LAYER = /^(data|hooks)\.ts$/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return file === DATA ? [] : sources(file);
    return /\.tsx?$/.test(e.name) && !LAYER.test(e.name) ? [file] : [];
  });
}

describe('the one data path of the web app', () => {
  it("has no TanStack Query hook outside src/web/providers/data/ and the features' data.ts and hooks.ts", () => {
    const found = sources(WEB).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(BYPASS)].map((m) => `${path.relative(WEB, file)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('looks at the screens (the walk reaches them)', () => {
    const files = sources(WEB).map((f) => path.relative(WEB, f).split(path.sep).join('/'));
    expect(files).toContain('features/team/person/TimelineTab.tsx');
    expect(files.some((f) => f.startsWith('providers/data/'))).toBe(false);
    expect(files.some((f) => /\/(data|hooks)\.ts$/.test(f))).toBe(false);
  });
});
