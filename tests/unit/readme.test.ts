import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README is what a user and a developer read first: short, with the same sections, the whole
 * configuration table and a feature map that names real files. Longer material belongs in docs/.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const MAX_LINES = 150;
const SECTIONS = [
  'Run and test',
  'Configuration',
  'Architecture',
  'Feature map',
  'How to add a resource',
  'Regenerating the client',
  'Libraries',
  'Documentation',
];
const exists = (rel: string) => fs.existsSync(path.join(ROOT, rel));

/** The text of a `## <title>` section, up to the next `## `. */
function section(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  if (start < 0) return '';
  const next = README.indexOf('\n## ', start + 1);
  return README.slice(start, next < 0 ? undefined : next);
}

/** The rows of the first Markdown table in `text`, as cells (the header and separator left out). */
function tableRows(text: string): string[][] {
  const lines = text.split('\n').filter((l) => l.startsWith('|'));
  return lines.slice(2).map((l) =>
    l
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim()),
  );
}

const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

describe('README.md', () => {
  it(`has at most ${MAX_LINES} lines (longer material goes to docs/)`, () => {
    const lines = README.replace(/\n$/, '').split('\n').length;
    expect(lines, `README.md has ${lines} lines`).toBeLessThanOrEqual(MAX_LINES);
  });

  it('keeps its sections and the two commands', () => {
    const headings = [...README.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(expect.arrayContaining(SECTIONS));
    expect(README).toContain('npm ci && npm start');
    expect(README).toContain('npm ci && npm test');
    expect(README).toContain('npm run generate');
  });

  it('lists every environment variable the server reads in its Configuration table', () => {
    const config = fs.readFileSync(path.join(ROOT, 'src/server/config.ts'), 'utf8');
    const schema = config.slice(config.indexOf('z.object({'), config.indexOf('\n});'));
    const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(variables.length).toBeGreaterThan(20);
    const listed = new Set(tableRows(section('Configuration')).map((cells) => ticked(cells[0] ?? '')[0]));
    expect(variables.filter((v) => !listed.has(v))).toEqual([]);
  });

  it('has a feature map row for every contract file, naming files that exist', () => {
    const bases = ['openapi/paths', 'src/server/handlers', 'src/server/services', 'src/web', 'src/web', 'src/web'];
    const rows = tableRows(section('Feature map'));
    const missing: string[] = [];
    for (const cells of rows) {
      expect(cells, `feature map row "${cells.join(' | ')}"`).toHaveLength(bases.length + 1);
      bases.forEach((base, i) => {
        for (const name of ticked(cells[i + 1] ?? ''))
          if (!exists(path.join(base, name))) missing.push(`${base}/${name}`);
      });
    }
    expect(missing).toEqual([]);
    const contracts = new Set(rows.flatMap((cells) => ticked(cells[1] ?? '')));
    const files = fs.readdirSync(path.join(ROOT, 'openapi/paths')).filter((f) => f.endsWith('.yaml'));
    expect(files.filter((f) => !contracts.has(f))).toEqual([]);
  });

  it('names only paths that exist', () => {
    const named = [...README.matchAll(/`((?:src|openapi|tests|scripts|docs)\/[^`<>*\s]*)`/g)].map((m) => m[1]!);
    const linked = [...README.matchAll(/\]\(((?:docs|src|tests|scripts|openapi)\/[^)#\s]+)(?:#[^)]*)?\)/g)].map(
      (m) => m[1]!,
    );
    expect(named.length + linked.length).toBeGreaterThan(10);
    expect([...named, ...linked].filter((p) => !exists(p))).toEqual([]);
  });
});
