import fs from 'node:fs';
import path from 'node:path';

/** The language scan: it runs first in its group, on the demo data alone. */
export const SCAN = 'i18n-scan.spec.ts';

/**
 * Seconds a spec took in a CI-like run (a local clean clone of 264d3d0, three groups at once on 2 cores,
 * 2026-11-29; bell.spec's figure is its run after the ~55 s wait per language of its take-toast test went,
 * when an admin's new lead came to be routed at once). Only the balance of the groups
 * depends on these, so a figure may be rough or old; a spec not listed counts half a second per line, about
 * what the listed ones took.
 */
const MEASURED: Record<string, number> = {
  [SCAN]: 250,
  'bell.spec.ts': 30,
  'learning.spec.ts': 174,
  'member-support.spec.ts': 164,
  'a11y.spec.ts': 153,
  'profile.spec.ts': 142,
  'time-zones.spec.ts': 132,
  'staff-failures.spec.ts': 120,
  'staff.spec.ts': 109,
  'admin.spec.ts': 107,
  'journey.spec.ts': 102,
  'routes.spec.ts': 102,
  'flows.spec.ts': 96,
  'contacts.spec.ts': 90,
  'member-extras.spec.ts': 88,
  'contact-member.spec.ts': 87,
  'member-support-phone.spec.ts': 72,
  'language.spec.ts': 72,
  'day.spec.ts': 64,
  'tasks-new-lead.spec.ts': 58,
  'member-locked-periods.spec.ts': 58,
  'menu.spec.ts': 57,
  'accounts.spec.ts': 57,
  'team.spec.ts': 56,
  'broadcasts.spec.ts': 54,
  'route-access.spec.ts': 53,
  'payments.spec.ts': 51,
  'public-screens.spec.ts': 51,
  'telegram.spec.ts': 50,
  'statistics-range.spec.ts': 50,
  'books-donations.spec.ts': 48,
  'event-zone.spec.ts': 48,
  'products.spec.ts': 44,
  'comment-link.spec.ts': 40,
  'ios-banner.spec.ts': 39,
  'roster-create.spec.ts': 37,
  'person.spec.ts': 36,
  'hand-over-colleague.spec.ts': 35,
  'imports.spec.ts': 34,
  'member-lists.spec.ts': 30,
  'chunk-timeout.spec.ts': 29,
  'waiting-leads.spec.ts': 29,
  'donation-minimum.spec.ts': 28,
  'people-zones.spec.ts': 28,
  'foundation.spec.ts': 25,
  'structure-hand-over.spec.ts': 16,
  'structure-language.spec.ts': 12,
  'wide-tables.spec.ts': 11,
  'bell-processes.spec.ts': 7,
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
