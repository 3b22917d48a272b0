import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The login screen's weight (≤ 250 KB gzip, `npm run bench:web`) rests on what the entry and the public
 * screens import statically: the signed-in app, the data provider and the areas' messages must stay
 * behind dynamic imports. This walks the static imports of the web sources (not `import type`, not `import()`).
 */
const WEB = path.resolve('src/web');
const STATIC = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
  );
}

function reach(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...entries];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(STATIC)) {
      const target = resolve(file, m[1]!);
      if (target) todo.push(target);
    }
  }
  return seen;
}

const rel = (files: Set<string>) => [...files].map((f) => path.relative(WEB, f).split(path.sep).join('/'));

describe('what the login screen loads', () => {
  const publicPages = fs
    .readdirSync(path.join(WEB, 'features', 'auth'))
    .filter((f) => /Page\.tsx$/.test(f))
    .map((f) => path.join(WEB, 'features', 'auth', f));
  const loaded = rel(reach([path.join(WEB, 'main.tsx'), ...publicPages]));

  it('reaches the entry and every public screen', () => {
    expect(loaded).toContain('App.tsx');
    expect(loaded).toContain('features/auth/LoginPage.tsx');
    expect(loaded).toContain('features/auth/RegisterPage.tsx');
  });

  it('leaves the signed-in app, the data provider and the areas catalogues to dynamic imports', () => {
    const heavy = loaded.filter(
      (f) =>
        f === 'AdminApp.tsx' ||
        f.startsWith('layout/Layout') ||
        f.startsWith('layout/Menu') ||
        (f.startsWith('features/') && !f.startsWith('features/auth/') && f !== 'features/access.ts') ||
        f === 'providers/data/index.ts' ||
        // the areas' messages live in their feature folders (features/<area>/i18n.ts), caught above
        /^i18n\/(ru|en|de|catalogues)\.ts$/.test(f),
    );
    expect(heavy).toEqual([]);
  });
});
