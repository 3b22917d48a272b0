import { lazyResource } from './lazy';

/**
 * Every react-admin resource, with its screens loaded on first visit (see lazy.ts) and how a record
 * is named in titles and references. App.tsx decides who gets which.
 */
type Person = { first_name?: string; last_name?: string; email?: string | null };
const person = (r: Person) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || (r.email ?? '');
const FORM = ['list', 'edit', 'create'] as const;

export const RESOURCES = {
  contacts: { ...lazyResource(() => import('./contacts'), FORM), recordRepresentation: person },
  'contact-categories': { ...lazyResource(() => import('./contact-categories'), FORM), recordRepresentation: 'name' },
  structure: { ...lazyResource(() => import('./structure'), ['list']), recordRepresentation: person },
  'waiting-leads': { ...lazyResource(() => import('./waiting-leads'), ['list']), recordRepresentation: person },
  flows: { ...lazyResource(() => import('./flows'), FORM), recordRepresentation: 'name' },
  'staff/payments': { ...lazyResource(() => import('./payments'), ['list', 'show']), recordRepresentation: (r: { id?: number; amount?: string }) => `#${r.id} $${r.amount}` },
  users: { ...lazyResource(() => import('./users'), FORM), recordRepresentation: person },
  outbox: { ...lazyResource(() => import('./outbox'), ['list', 'show']), recordRepresentation: 'subject' },
} as const;

/**
 * Content management (admins). Named admin/<name>: the member pages own /lessons, /books, /news and
 * /events, so these live under /admin/… (the data provider maps them to /api/admin/<name>).
 */
export const CONTENT_RESOURCES = {
  'admin/lesson-categories': { ...lazyResource(() => import('./lesson-categories'), FORM), recordRepresentation: 'title' },
  'admin/lessons': { ...lazyResource(() => import('./lessons'), FORM), recordRepresentation: 'title' },
  'admin/lesson-materials': { ...lazyResource(() => import('./lesson-materials'), FORM), recordRepresentation: 'title' },
  'admin/books': { ...lazyResource(() => import('./books'), FORM), recordRepresentation: 'title' },
  'admin/news': { ...lazyResource(() => import('./news'), FORM), recordRepresentation: 'title' },
  'admin/events': { ...lazyResource(() => import('./events'), FORM), recordRepresentation: 'title' },
  'admin/packages': { ...lazyResource(() => import('./packages'), FORM), recordRepresentation: 'name' },
  'admin/configs': { ...lazyResource(() => import('./configs'), FORM), recordRepresentation: 'key' },
  'admin/footer-links': { ...lazyResource(() => import('./footer-links'), FORM), recordRepresentation: 'title' },
} as const;
