import fs from 'node:fs';
import path from 'node:path';

/** The language scan: it runs first in its group, on the demo data alone. */
export const SCAN = 'i18n-scan.spec.ts';

/**
 * Seconds a spec's tests took in a CI-like run (a local clean clone of 98b2f30, three groups at once on 2
 * cores, 2026-11-30; route-access.spec without the 45 s of its failure then). Only the balance of the
 * groups depends on these, so a figure may be rough or old; a spec not listed counts a sixth of a second
 * per line, about what the listed ones took.
 */
const MEASURED: Record<string, number> = {
  'member-support.spec.ts': 80,
  'admin.spec.ts': 79,
  [SCAN]: 74,
  'profile.spec.ts': 74,
  'a11y.spec.ts': 69,
  'journey.spec.ts': 56,
  'contact-member.spec.ts': 55,
  'routes.spec.ts': 53,
  'time-zones.spec.ts': 52,
  'staff-failures.spec.ts': 50,
  'day.spec.ts': 45,
  'flows.spec.ts': 45,
  'staff.spec.ts': 44,
  'payments.spec.ts': 43,
  'wide-tables.spec.ts': 40,
  'route-access.spec.ts': 39,
  'statistics-range.spec.ts': 38,
  'language.spec.ts': 38,
  'member-support-phone.spec.ts': 35,
  'member-extras.spec.ts': 35,
  'waiting-leads.spec.ts': 34,
  'roster-create.spec.ts': 31,
  'menu.spec.ts': 29,
  'imports.spec.ts': 29,
  'accounts.spec.ts': 29,
  'member-locked-periods.spec.ts': 28,
  'products.spec.ts': 27,
  'public-screens.spec.ts': 26,
  'telegram.spec.ts': 26,
  'tasks-new-lead.spec.ts': 25,
  'books-donations.spec.ts': 25,
  'broadcasts.spec.ts': 25,
  'bell.spec.ts': 25,
  'team.spec.ts': 25,
  'event-zone.spec.ts': 24,
  'comment-link.spec.ts': 23,
  'structure-hand-over.spec.ts': 16,
  'structure-language.spec.ts': 14,
  'people-zones.spec.ts': 13,
  'person.spec.ts': 13,
  'foundation.spec.ts': 13,
  'hand-over-colleague.spec.ts': 12,
  'ios-banner.spec.ts': 12,
  'donation-minimum.spec.ts': 10,
  'member-lists.spec.ts': 7,
  'bell-processes.spec.ts': 4,
  'chunk-timeout.spec.ts': 3,
};
const weight = (file: string) =>
  MEASURED[file] ?? fs.readFileSync(path.join('tests/e2e', file), 'utf8').split('\n').length / 6;

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
