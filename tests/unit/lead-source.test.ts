import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Where a lead came from is read in one place (services/leads/source.ts), which the person page
 * (staff/view.ts) and the waiting leads (team/waiting.ts) both use: two copies of the query had
 * drifted apart (only one named the landing; neither knew imported people).
 */
const SERVICES = path.resolve('src/server/services');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return e.name.endsWith('.ts') ? [file] : [];
  });
}

describe('the lead source query', () => {
  it('is written once, in services/leads/source.ts, and used by the person page and the waiting leads', () => {
    const reading = sources(SERVICES)
      .filter((f) => /kind\s*=\s*'lead_created'/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(SERVICES, f).split(path.sep).join('/'));
    expect(reading).toEqual(['leads/source.ts']);
    for (const user of ['staff/view.ts', 'team/waiting.ts'])
      expect(fs.readFileSync(path.join(SERVICES, user), 'utf8'), user).toContain('leadSourceSql(');
  });
});
