import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue #39: the server's rules speak the domain's language. Services, jobs, integrations and the
 * database layer throw the domain errors of src/server/errors.ts (a kind, a code, a message key) and
 * know nothing of HTTP statuses; the one error handler (src/server/http/errors.ts) maps each kind to
 * its status. This counts what would break that: an import of the HTTP error module or a status number
 * passed to an error.
 */
const SERVER = path.resolve('src/server');
const DOMAIN = ['services', 'jobs', 'integrations', 'db'].map((d) => path.join(SERVER, d));
const HTTP_IN_DOMAIN = /from '[^']*\/http\/errors'|new DomainError\(\s*\d{3}|statusCode\s*[:=]/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return e.name.endsWith('.ts') ? [file] : [];
  });
}

describe('domain errors', () => {
  it('no service, job, integration or database module imports the HTTP errors or names a status', () => {
    const found = DOMAIN.flatMap(sources).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(HTTP_IN_DOMAIN)].map((m) => `${path.relative(SERVER, file)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('looks at the services (the walk reaches them)', () => {
    const files = DOMAIN.flatMap(sources).map((f) => path.relative(SERVER, f).split(path.sep).join('/'));
    expect(files).toContain('services/payments/staff.ts');
    expect(files.length).toBeGreaterThan(100);
  });
});

// Issue #39 item 6: the app is assembled from plugins (plugins/external, plugins/app); what a plugin does
// lives in the plugin, so the file that registers them stays short.
describe('the app', () => {
  it('is assembled in at most 120 lines (src/server/app.ts)', () => {
    const lines = fs.readFileSync(path.join(SERVER, 'app.ts'), 'utf8').split('\n').length - 1;
    expect(lines).toBeLessThanOrEqual(120);
  });
});
