import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../src/server/contract';
import { checkAccess } from '../../src/server/services/menu';

/**
 * docs/spec-items.md lists the spec's items with the web route and the contract operation that cover
 * each. Every operation named must be in the contract, every route must be declared by the web app
 * and known to the server's route table (a public route: declared beside /login), and every item
 * must be done: an item listed as missing or partial fails here until it is built.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const doc = fs.readFileSync(path.join(ROOT, 'docs/spec-items.md'), 'utf8');

type Item = { n: number; item: string; routes: string[]; operations: string[]; status: string };
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
const items: Item[] = doc
  .split('\n')
  .filter((line) => /^\|\s*\d+\s*\|/.test(line))
  .map((line) => {
    const [n, item, routes, operations, status] = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    return { n: Number(n), item: item!, routes: ticked(routes!), operations: ticked(operations!), status: status! };
  });

/** Every .ts/.tsx file of the web app, wherever the screens live (they move into features/). */
function webSources(dir = path.join(ROOT, 'src/web')): Array<{ file: string; text: string }> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return webSources(p);
    return /\.tsx?$/.test(e.name) ? [{ file: p, text: fs.readFileSync(p, 'utf8') }] : [];
  });
}
const sources = webSources();
const publicRouter = sources.find((s) => s.text.includes('path="/login"'));
/**
 * A route the web app declares: `<Route path="…">`, a feature's `{ path: '…' }` (features/<area>/index.ts),
 * or a react-admin resource of that name.
 */
const declared = (route: string) =>
  sources.some(
    (s) =>
      s.text.includes(`path="${route}"`) ||
      s.text.includes(`path: '${route}'`) ||
      s.text.includes(`name: '${route.slice(1)}'`) ||
      s.text.includes(`name="${route.slice(1)}"`) ||
      s.text.includes(`'${route.slice(1)}':`),
  );
const example = (route: string) => route.replace(/:\w+/g, '1');

describe('docs/spec-items.md', () => {
  it('numbers its items 1..n, each covered by a route or an operation', () => {
    expect(items.length).toBeGreaterThan(200);
    expect(items.map((i) => i.n)).toEqual(items.map((_, k) => k + 1));
    expect(items.filter((i) => !i.routes.length && !i.operations.length).map((i) => i.n)).toEqual([]);
  });

  it('names only operations the contract has', async () => {
    const ids = new Set((await loadContract()).operations.map((o) => o.operationId));
    const unknown = items.flatMap((i) => i.operations.filter((op) => !ids.has(op)).map((op) => `${i.n}: ${op}`));
    expect(unknown).toEqual([]);
  });

  it('names only routes the web app declares and the server knows', () => {
    expect(publicRouter, 'the public routes (path="/login")').toBeDefined();
    const wrong = items.flatMap((i) =>
      i.routes
        .filter(
          (r) =>
            !declared(r) || !(checkAccess(example(r), 'admin').exists || publicRouter!.text.includes(`path="${r}"`)),
        )
        .map((r) => `${i.n}: ${r}`),
    );
    expect(wrong).toEqual([]);
  });

  it('lists every call of the spec (§7) with its operation', () => {
    expect(items.filter((i) => /^(GET|POST|PUT|DELETE) /.test(i.item)).length).toBe(108);
  });

  it('has every item done', () => {
    expect(items.filter((i) => i.status !== 'done').map((i) => `${i.n} ${i.item}: ${i.status}`)).toEqual([]);
  });
});
