import { describe, expect, it } from 'vitest';
import { mainMenu } from '../../src/server/services/menu';
import { currentEntry, groupMenu, SHORT_MENU, type MenuBlock } from '../../src/web/layout/menuSections';
import { en } from '../../src/web/i18n/en';

/** The side menu's sections, from the server's real menus for each role. */
const keys = (blocks: MenuBlock[]) =>
  blocks.map((b) => (b.kind === 'entry' ? b.entry.key : `${b.id}: ${b.entries.map((e) => e.key).join(' ')}`));

describe('side menu sections', () => {
  it("groups the admin's 32 entries into learning, CRM, staff, content and administration, losing none", () => {
    const menu = mainMenu('admin', 'en');
    const blocks = groupMenu(menu);
    expect(keys(blocks)).toEqual([
      'dashboard',
      'subscription',
      'products',
      'support',
      'learning: lessons books news events broadcasts',
      'crm: contacts team flows',
      'staff: staff_dashboard staff_tasks staff_tickets staff_list staff_imports staff_payments staff_orders staff_action_logs',
      'content: content_lesson_categories content_lessons content_books content_products content_news content_events content_broadcasts content_packages content_configs content_footer_links',
      'administration: users outbox',
    ]);
    const shown = blocks.flatMap((b) => (b.kind === 'entry' ? [b.entry] : b.entries));
    expect(shown.map((e) => e.key).sort()).toEqual(menu.map((e) => e.key).sort());
    for (const b of blocks) if (b.kind === 'section') expect(en.atrium.menu.sections[b.id]).toBeTruthy();
  });

  it("gives consultants and members the same sections, without the admin's", () => {
    expect(keys(groupMenu(mainMenu('consultant', 'en'))).map((k) => k.split(':')[0])).toEqual([
      'dashboard',
      'subscription',
      'products',
      'support',
      'learning',
      'crm',
      'staff',
    ]);
    const member = mainMenu('member', 'en');
    expect(keys(groupMenu(member)).map((k) => k.split(':')[0])).toEqual([
      'dashboard',
      'subscription',
      'products',
      'support',
      'learning',
      'crm',
    ]);
    // A member's menu is short enough to start fully open; the staff's is not.
    expect(member.length).toBeLessThanOrEqual(SHORT_MENU);
    expect(mainMenu('consultant', 'en').length).toBeGreaterThan(SHORT_MENU);
  });

  it('keeps an entry it does not know outside the sections, so it stays reachable', () => {
    const blocks = groupMenu([
      ...mainMenu('member', 'en'),
      { key: 'brand_new', title: 'New', path: '/new', icon: 'Circle' },
    ]);
    expect(keys(blocks).slice(0, 5)).toEqual(['dashboard', 'subscription', 'products', 'support', 'brand_new']);
  });

  it('finds the entry of the current page, also below it or under another path', () => {
    const menu = mainMenu('admin', 'en');
    const at = (path: string) => currentEntry(menu, path)?.key;
    expect(at('/dashboard')).toBe('dashboard');
    expect(at('/staff/payments/7/show')).toBe('staff_payments');
    expect(at('/staff/tasks/view-as/3')).toBe('staff_tasks');
    expect(at('/admin/lessons/5')).toBe('content_lessons');
    expect(at('/lessons/category/2')).toBe('lessons');
    expect(at('/lesson/view/9')).toBe('lessons');
    expect(at('/staff-dashboard')).toBe('staff_dashboard');
    expect(at('/profile/view')).toBeUndefined();
  });
});
