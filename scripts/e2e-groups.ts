import fs from 'node:fs';
import path from 'node:path';

/** The language scan: it runs first in its group, on the demo data alone. */
export const SCAN = 'i18n-scan.spec.ts';

/**
 * Seconds a spec took in one run of them all (a local clean clone, one group, 57.7 min at a load of 8–17,
 * 2026-11-28). Only the balance of the groups depends on these, so a figure may be rough or old; a spec
 * not listed counts half a second per line, about what the listed ones took.
 */
const MEASURED: Record<string, number> = {
  [SCAN]: 296,
  'learning.spec.ts': 240,
  'contacts.spec.ts': 222,
  'a11y.spec.ts': 183,
  'member-support.spec.ts': 167,
  'journey.spec.ts': 150,
  'contact-member.spec.ts': 143,
  'day.spec.ts': 138,
  'admin.spec.ts': 138,
  'flows.spec.ts': 126,
  'language.spec.ts': 115,
  'staff.spec.ts': 102,
  'staff-failures.spec.ts': 102,
  'profile.spec.ts': 102,
  'routes.spec.ts': 94,
  'books-donations.spec.ts': 74,
  'accounts.spec.ts': 70,
  'payments.spec.ts': 69,
  'member-extras.spec.ts': 66,
  'menu.spec.ts': 60,
  'broadcasts.spec.ts': 60,
  'ios-banner.spec.ts': 54,
  'public-screens.spec.ts': 49,
  'bell.spec.ts': 46,
  'team.spec.ts': 42,
  'foundation.spec.ts': 37,
  'time-zones.spec.ts': 37,
  'imports.spec.ts': 32,
  'products.spec.ts': 30,
  'person.spec.ts': 24,
  'structure-hand-over.spec.ts': 22,
  'telegram.spec.ts': 21,
  'bell-processes.spec.ts': 20,
  'chunk-timeout.spec.ts': 16,
  'waiting-leads.spec.ts': 15,
};
const weight = (file: string) =>
  MEASURED[file] ?? fs.readFileSync(path.join('tests/e2e', file), 'utf8').split('\n').length / 2;

/**
 * The specs split into `groups` groups of about equal time: the longest first, each to the group with the
 * least so far. The language scan is always in the first group. The same files give the same groups.
 */
export function e2eGroup(files: string[], groups: number): string[][] {
  const out = Array.from({ length: groups }, () => ({ files: [] as string[], time: 0 }));
  const sorted = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const file of sorted) {
    const first = out[0];
    const target = file === SCAN && first ? first : out.reduce((a, b) => (b.time < a.time ? b : a));
    target.files.push(file);
    target.time += weight(file);
  }
  return out.map((g) => g.files);
}
