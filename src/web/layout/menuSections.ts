/**
 * How the side menu groups the server's entries (GET menu/main/ lists them flat, per role). The
 * grouping is the web app's concern: the server decides what a role may open, the menu how to show it.
 */
export type MenuEntry = { key: string; title: string; path: string; icon?: string };

const SECTIONS = ['learning', 'crm', 'staff', 'content', 'administration'] as const;
export type SectionId = (typeof SECTIONS)[number];

const SECTION_OF: Record<string, SectionId> = {
  lessons: 'learning',
  books: 'learning',
  news: 'learning',
  events: 'learning',
  broadcasts: 'learning',
  contacts: 'crm',
  team: 'crm',
  flows: 'crm',
  staff_dashboard: 'staff',
  staff_tasks: 'staff',
  staff_tickets: 'staff',
  staff_list: 'staff',
  staff_imports: 'staff',
  staff_payments: 'staff',
  staff_orders: 'staff',
  staff_action_logs: 'staff',
  users: 'administration',
  outbox: 'administration',
};

/** Content management entries are all named content_<resource>. */
const sectionOf = (key: string): SectionId | undefined =>
  SECTION_OF[key] ?? (key.startsWith('content_') ? 'content' : undefined);

export type MenuBlock = { kind: 'entry'; entry: MenuEntry } | { kind: 'section'; id: SectionId; entries: MenuEntry[] };

/**
 * Entries outside any section (the dashboard, the subscription, and any entry this file does not
 * know yet, so a new server entry is never lost) come first, then the sections in a fixed order.
 */
export function groupMenu(entries: readonly MenuEntry[]): MenuBlock[] {
  const loose: MenuBlock[] = [];
  const bySection = new Map<SectionId, MenuEntry[]>();
  for (const entry of entries) {
    const id = sectionOf(entry.key);
    if (!id) loose.push({ kind: 'entry', entry });
    else bySection.set(id, [...(bySection.get(id) ?? []), entry]);
  }
  const sections = SECTIONS.flatMap((id) => {
    const inSection = bySection.get(id);
    return inSection ? [{ kind: 'section' as const, id, entries: inSection }] : [];
  });
  return [...loose, ...sections];
}

/** Pages opened from an entry but living under another path. */
const ALIASES: Array<[prefix: string, key: string]> = [
  ['/lesson/', 'lessons'],
  ['/user/view-details/', 'team'],
  ['/waiting-leads', 'team'],
  ['/user/new-request/', 'support'],
];

/** The entry the page at `pathname` belongs to: the longest entry path it lies under. */
export function currentEntry(entries: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  const found = entries.filter((e) => under(e.path)).sort((a, b) => b.path.length - a.path.length)[0];
  if (found) return found;
  const alias = ALIASES.find(([prefix]) => pathname.startsWith(prefix));
  return alias ? entries.find((e) => e.key === alias[1]) : undefined;
}

/**
 * A short menu (a member's) starts with every section open: collapsing it would only hide entries.
 * A longer one starts with only the current page's section open.
 */
export const SHORT_MENU = 12;
