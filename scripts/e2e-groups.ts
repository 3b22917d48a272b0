import fs from 'node:fs';
import path from 'node:path';

/** The language scan: it runs first in its group, on the demo data alone. */
export const SCAN = 'i18n-scan.spec.ts';

/**
 * How long a spec takes, in relative units: its length, or what a CI run measured for the long ones
 * (the language scan walks every screen three times). Only the balance of the groups depends on it.
 */
const MEASURED: Record<string, number> = { [SCAN]: 900 };
const weight = (file: string) =>
  MEASURED[file] ?? fs.readFileSync(path.join('tests/e2e', file), 'utf8').split('\n').length;

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
