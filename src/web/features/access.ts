/**
 * Who may open what in the web app: the one role table (issue #39). Nothing else compares role
 * strings (tests/unit/web-layout.test.ts counts them): AdminApp registers what `allows` grants, and
 * screens ask react-admin's `useCanAccess({ action, resource })`, which the auth provider answers from here.
 * The server decides every call; this table decides what the interface offers, and
 * tests/web/features-access.test.ts holds it to the server's menu and routes (src/server/services/menu.ts).
 */
const ROLES = {
  everyone: ['member', 'consultant', 'admin'],
  staff: ['consultant', 'admin'],
  admin: ['admin'],
} as const;

type Audience = keyof typeof ROLES;

/**
 * Each react-admin resource, each page (by the access key its route names in the feature's index.ts) and
 * each ability inside a screen, with its audience.
 */
const ACCESS = {
  // Pages and resources open to every signed-in user.
  dashboard: 'everyone',
  profile: 'everyone',
  lessons: 'everyone',
  books: 'everyone',
  products: 'everyone',
  news: 'everyone',
  events: 'everyone',
  broadcasts: 'everyone',
  subscription: 'everyone',
  team: 'everyone',
  person: 'everyone',
  contacts: 'everyone',
  'contact-categories': 'everyone',
  structure: 'everyone',
  'waiting-leads': 'everyone',
  flows: 'everyone',
  'my-tickets': 'everyone',
  // Staff (consultants and admins).
  statistics: 'staff',
  tasks: 'staff',
  tickets: 'staff',
  imports: 'staff',
  'action-logs': 'staff',
  'staff-users': 'staff',
  'staff/payments': 'staff',
  'staff/orders': 'staff',
  /** Staff's side of shared screens: the person page's tabs, staff notifications, structure hand-over, the lead pool. */
  'staff-tools': 'staff',
  // Admins.
  users: 'admin',
  outbox: 'admin',
  'admin/lesson-categories': 'admin',
  'admin/lessons': 'admin',
  'admin/lesson-materials': 'admin',
  'admin/books': 'admin',
  'admin/products': 'admin',
  'admin/news': 'admin',
  'admin/events': 'admin',
  'admin/broadcasts': 'admin',
  'admin/packages': 'admin',
  'admin/configs': 'admin',
  'admin/footer-links': 'admin',
  /** An admin's side of shared screens: moderating lesson comments, the roster's admins. */
  'admin-tools': 'admin',
} as const satisfies Record<string, Audience>;

export type AccessKey = keyof typeof ACCESS;

const isKey = (key: string): key is AccessKey => Object.hasOwn(ACCESS, key);

/**
 * Whether a user with these permissions (authProvider.getPermissions: the role, 'admin' for an active
 * superuser) may use `key`. A resource the table does not name (one a screen reads inside a page it
 * already opened) is left to the server.
 */
export function allows(permissions: unknown, key: string): boolean {
  if (!permissions) return false;
  if (!isKey(key)) return true;
  return (ROLES[ACCESS[key]] as readonly unknown[]).includes(permissions);
}

/** Whether an account's role (a person's record, not the viewer) is a staff role. */
export const isStaffRole = (role: unknown): boolean => (ROLES.staff as readonly unknown[]).includes(role);

/**
 * The first screen after signing in: staff start on their work (the staff dashboard, whose section of
 * the side menu opens with it), members on the member dashboard.
 */
export const homePath = (permissions: unknown): string =>
  isStaffRole(permissions) ? '/staff-dashboard' : '/dashboard';
