/**
 * The main screens `npm run bench:web` opens cold (frontend.ts), signed in: who opens each, its address, the
 * call that brings its data and the text of its first row (seeded by frontend.ts). tests/web/bench-screens.test.ts
 * holds every address to a page the role has, so a page moved elsewhere fails there, not in the bench.
 */
export type Role = 'member' | 'consultant' | 'admin';

/** A screen: who opens it, its address, the call that brings its data and the text of its first row. */
export type Screen = { name: string; role: Role; path: string; data: RegExp; row?: string };

/** `member`: the demo member's id (the person page); `tab`: the tasks tab the seeded task is under. */
export function benchScreens(member: number, tab: 'today' | 'future'): Screen[] {
  return [
    { name: 'member: lessons', role: 'member', path: '/lessons', data: /\/navigator\/lesson/, row: 'Getting started' },
    { name: 'member: a lesson', role: 'member', path: '/lesson/view/1', data: /\/navigator\/lesson\/view\/1\// },
    { name: 'member: books', role: 'member', path: '/books', data: /\/books\/list\//, row: 'First steps' },
    { name: 'member: subscription', role: 'member', path: '/subscription', data: /\/subscription\// },
    {
      name: 'staff: tasks',
      role: 'consultant',
      path:
        tab === 'today'
          ? '/staff/tasks'
          : `/staff/tasks?${new URLSearchParams({ filter: JSON.stringify({ tab }) }).toString()}`,
      data: /\/user_tasks\/list\//,
      row: 'Bench coffee',
    },
    {
      name: 'staff: waiting leads',
      role: 'consultant',
      path: '/team?tab=waiting',
      data: /\/team\/get_waiting_users\//,
    },
    {
      name: 'staff: a person',
      role: 'consultant',
      path: `/user/view-details/${String(member)}`,
      data: /\/api\//,
      row: 'Mitglied',
    },
    {
      name: 'staff: imports',
      role: 'consultant',
      path: '/staff/users_imports',
      data: /\/accounts\/import_users\/list\//,
    },
    { name: 'admin: users', role: 'admin', path: '/users', data: /\/api\/v1\/users\//, row: 'consultant@demo.atrium' },
  ];
}
