import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue #39: the web app is one folder per feature (src/web/features/<area>/) beside the shared parts,
 * never again by audience (member/, staff/) or by kind (resources/); and who may see what is decided by
 * one role table (src/web/features/access.ts), answered through react-admin's canAccess.
 */
const WEB = path.resolve('src/web');
const SHARED = ['common', 'features', 'i18n', 'layout', 'providers', 'public'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.tsx?$/.test(e.name) ? [file] : [];
  });
}

/** A role compared as a string, either way round: `permissions === 'admin'`, `'member' !== role`. */
const ROLE_COMPARED = /[!=]==\s*['"](member|consultant|admin)['"]|['"](member|consultant|admin)['"]\s*[!=]==/g;
/** The role table itself, and the adapters, which pass the API's role filter on (data, not access). */
const EXEMPT = [path.join(WEB, 'features', 'access.ts'), path.join(WEB, 'providers', 'data') + path.sep];
/** A feature's adapter and custom methods (features/<area>/data.ts): data, like providers/data/. */
const isAdapter = (file: string) => path.basename(file) === 'data.ts';

describe('the web folders', () => {
  it('has only the feature folders and the shared parts at the top of src/web', () => {
    const folders = fs
      .readdirSync(WEB, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !SHARED.includes(f))).toEqual([]);
  });

  it('compares no role string outside the role table', () => {
    const files = sources(WEB).filter((f) => !isAdapter(f) && !EXEMPT.some((e) => f === e || f.startsWith(e)));
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(ROLE_COMPARED)].map((m) => `${path.relative(WEB, file)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it("asks react-admin's canAccess, not the raw permissions, in screens", () => {
    const found = sources(path.join(WEB, 'features')).filter((f) =>
      fs.readFileSync(f, 'utf8').includes('usePermissions'),
    );
    expect(found.map((f) => path.relative(WEB, f))).toEqual([]);
  });
});
