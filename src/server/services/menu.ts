import type { MessageKey } from '../i18n';
import { t, type Lang } from '../i18n';
import type { Role } from '../db/schema';

type Entry = { key: string; titleKey: MessageKey; path: string; icon: string; roles: readonly Role[] };

const ALL: readonly Role[] = ['member', 'consultant', 'admin'];
const STAFF: readonly Role[] = ['consultant', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

const MAIN: Entry[] = [
  { key: 'dashboard', titleKey: 'menu_dashboard', path: '/dashboard', icon: 'Dashboard', roles: ALL },
  { key: 'lessons', titleKey: 'menu_lessons', path: '/lessons', icon: 'School', roles: ALL },
  { key: 'books', titleKey: 'menu_books', path: '/books', icon: 'MenuBook', roles: ALL },
  { key: 'news', titleKey: 'menu_news', path: '/news', icon: 'Newspaper', roles: ALL },
  { key: 'events', titleKey: 'menu_events', path: '/events', icon: 'Event', roles: ALL },
  { key: 'broadcasts', titleKey: 'menu_broadcasts', path: '/broadcasts', icon: 'LiveTv', roles: ALL },
  { key: 'subscription', titleKey: 'menu_subscription', path: '/subscription', icon: 'CardMembership', roles: ALL },
  // The shop stands on its own in the side menu (menuSections.ts: no section of its own).
  { key: 'products', titleKey: 'menu_products', path: '/products', icon: 'Storefront', roles: ALL },
  { key: 'support', titleKey: 'menu_support', path: '/support', icon: 'SupportAgent', roles: ALL },
  { key: 'contacts', titleKey: 'menu_contacts', path: '/contacts', icon: 'Contacts', roles: ALL },
  { key: 'team', titleKey: 'menu_team', path: '/team', icon: 'Groups', roles: ALL },
  { key: 'flows', titleKey: 'menu_flows', path: '/flows', icon: 'FilterAlt', roles: ALL },
  {
    key: 'staff_dashboard',
    titleKey: 'menu_staff_dashboard',
    path: '/staff-dashboard',
    icon: 'Insights',
    roles: STAFF,
  },
  { key: 'staff_tasks', titleKey: 'menu_staff_tasks', path: '/staff/tasks', icon: 'Task', roles: STAFF },
  { key: 'staff_tickets', titleKey: 'menu_staff_tickets', path: '/staff/tickets', icon: 'SupportAgent', roles: STAFF },
  { key: 'staff_list', titleKey: 'menu_staff_list', path: '/staff/list', icon: 'Badge', roles: STAFF },
  {
    key: 'staff_imports',
    titleKey: 'menu_staff_imports',
    path: '/staff/users_imports',
    icon: 'UploadFile',
    roles: STAFF,
  },
  { key: 'staff_payments', titleKey: 'menu_staff_payments', path: '/staff/payments', icon: 'Payments', roles: STAFF },
  { key: 'staff_orders', titleKey: 'menu_staff_orders', path: '/staff/orders', icon: 'LocalShipping', roles: STAFF },
  {
    key: 'staff_action_logs',
    titleKey: 'menu_staff_action_logs',
    path: '/staff/action_logs',
    icon: 'History',
    roles: STAFF,
  },
  { key: 'users', titleKey: 'menu_users', path: '/users', icon: 'People', roles: ADMIN },
  { key: 'outbox', titleKey: 'menu_outbox', path: '/outbox', icon: 'Outbox', roles: ADMIN },
  // Content management (react-admin resources named admin/<name>: the member pages own /lessons, /books…).
  {
    key: 'content_lesson_categories',
    titleKey: 'menu_content_lesson_categories',
    path: '/admin/lesson-categories',
    icon: 'Category',
    roles: ADMIN,
  },
  {
    key: 'content_lessons',
    titleKey: 'menu_content_lessons',
    path: '/admin/lessons',
    icon: 'VideoLibrary',
    roles: ADMIN,
  },
  { key: 'content_books', titleKey: 'menu_content_books', path: '/admin/books', icon: 'LibraryBooks', roles: ADMIN },
  {
    key: 'content_products',
    titleKey: 'menu_content_products',
    path: '/admin/products',
    icon: 'Storefront',
    roles: ADMIN,
  },
  { key: 'content_news', titleKey: 'menu_content_news', path: '/admin/news', icon: 'Feed', roles: ADMIN },
  { key: 'content_events', titleKey: 'menu_content_events', path: '/admin/events', icon: 'EventNote', roles: ADMIN },
  {
    key: 'content_broadcasts',
    titleKey: 'menu_content_broadcasts',
    path: '/admin/broadcasts',
    icon: 'Podcasts',
    roles: ADMIN,
  },
  {
    key: 'content_packages',
    titleKey: 'menu_content_packages',
    path: '/admin/packages',
    icon: 'Inventory2',
    roles: ADMIN,
  },
  { key: 'content_configs', titleKey: 'menu_content_configs', path: '/admin/configs', icon: 'Tune', roles: ADMIN },
  {
    key: 'content_footer_links',
    titleKey: 'menu_content_footer_links',
    path: '/admin/footer-links',
    icon: 'Link',
    roles: ADMIN,
  },
];

const DROPDOWN: Entry[] = [
  { key: 'profile', titleKey: 'menu_profile', path: '/profile/view', icon: 'AccountCircle', roles: ALL },
  { key: 'profile_edit', titleKey: 'menu_profile_edit', path: '/profile/edit', icon: 'Edit', roles: ALL },
  { key: 'settings', titleKey: 'menu_settings', path: '/profile/settings', icon: 'Settings', roles: ALL },
  { key: 'password', titleKey: 'menu_password', path: '/profile/password', icon: 'Lock', roles: ALL },
];

/** Every app route a signed-in user can open, with the roles allowed; `:x` is a path parameter. */
const ROUTES: Array<{ pattern: string; roles: readonly Role[] }> = [
  ...[
    '/dashboard',
    '/books',
    '/books/:id',
    '/products',
    '/products/:id',
    '/lessons',
    '/lessons/category/:id',
    '/lesson/view/:id',
    '/news',
    '/news/view/:id',
    '/events',
    '/events/view/:id',
    '/broadcasts',
    '/broadcasts/:id',
    '/subscription',
    '/contacts',
    '/contacts/create',
    '/contacts/:id',
    '/contact-categories',
    '/contact-categories/create',
    '/contact-categories/:id',
    '/team',
    '/structure',
    '/waiting-leads/:id/show',
    '/flows',
    '/flows/create',
    '/flows/:id',
    '/flows/edit_landing/:id',
    '/user/view-details/:pk',
    '/user/new-request/:ticketId',
    '/support',
    '/profile',
    '/profile/view',
    '/profile/edit',
    '/profile/settings',
    '/profile/password',
  ].map((pattern) => ({ pattern, roles: ALL })),
  ...[
    '/staff-dashboard',
    '/staff-dashboard/view-as/:pk',
    '/staff/list',
    '/staff/tasks',
    '/staff/tasks/view-as/:pk',
    '/staff/tickets',
    '/staff/tickets/view-as/:pk',
    '/staff/users_imports',
    '/staff/payments',
    '/staff/payments/:id/show',
    '/staff/orders',
    '/staff/orders/:id/show',
    '/staff/action_logs',
  ].map((pattern) => ({ pattern, roles: STAFF })),
  ...['/users', '/users/create', '/users/:id', '/outbox', '/outbox/:id/show'].map((pattern) => ({
    pattern,
    roles: ADMIN,
  })),
  ...[
    'lesson-categories',
    'lessons',
    'lesson-materials',
    'books',
    'products',
    'news',
    'events',
    'broadcasts',
    'packages',
    'configs',
    'footer-links',
  ].flatMap((r) =>
    [`/admin/${r}`, `/admin/${r}/create`, `/admin/${r}/:id`].map((pattern) => ({ pattern, roles: ADMIN })),
  ),
];

const toItem = (lang: Lang) => (e: Entry) => ({ key: e.key, title: t(lang, e.titleKey), path: e.path, icon: e.icon });

export function mainMenu(role: Role, lang: Lang) {
  return MAIN.filter((e) => e.roles.includes(role)).map(toItem(lang));
}

export function dropdownMenu(role: Role, lang: Lang) {
  return DROPDOWN.filter((e) => e.roles.includes(role)).map(toItem(lang));
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.replace(/\/+$/, '').split('/');
  return (
    a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? /^[\w-]+$/.test(b[i] ?? '') : seg === b[i]))
  );
}

/** Every signed-in route's pattern (`:x` a path parameter), for the E2E's check that each is reached by clicking. */
export const routePatterns = (): string[] => ROUTES.map((r) => r.pattern);

/** The route `path` (with its query or hash, if any) opens, as its pattern; undefined for no app route. */
export function routeOf(path: string): string | undefined {
  const clean = path.split(/[?#]/)[0] ?? '';
  return ROUTES.find((r) => matches(r.pattern, clean))?.pattern;
}

export function checkAccess(path: string, role: Role): { exists: boolean; allow: boolean } {
  const pattern = routeOf(path);
  const route = ROUTES.find((r) => r.pattern === pattern);
  return { exists: Boolean(route), allow: Boolean(route?.roles.includes(role)) };
}
