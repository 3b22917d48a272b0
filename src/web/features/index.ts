import actionLogs from './action-logs';
import admin from './admin';
import books from './books';
import broadcasts from './broadcasts';
import contacts from './contacts';
import dashboard from './dashboard';
import events from './events';
import flows from './flows';
import imports from './imports';
import leads from './leads';
import learning from './learning';
import news from './news';
import payments from './payments';
import products from './products';
import profile from './profile';
import staff from './staff';
import statistics from './statistics';
import subscription from './subscription';
import tasks from './tasks';
import team from './team';
import tickets from './tickets';
import users from './users';
import type { Feature, FeaturePage } from './types';

/**
 * Every feature of the signed-in app, each from its folder's index.ts: AdminApp.tsx registers their
 * resources and routes that the role table (access.ts) grants the user. A new feature is one line here.
 */
export const FEATURES: readonly Feature[] = [
  dashboard,
  profile,
  learning,
  books,
  products,
  news,
  events,
  broadcasts,
  subscription,
  contacts,
  team,
  leads,
  flows,
  tickets,
  tasks,
  statistics,
  staff,
  imports,
  payments,
  actionLogs,
  users,
  admin,
];

/** Every feature's pages of their own, as AdminApp.tsx routes them. */
export const ROUTES = FEATURES.flatMap((f) => f.routes ?? []);

/** Every feature's react-admin resources, as AdminApp.tsx registers them. */
export const RESOURCES = FEATURES.flatMap((f) => f.resources ?? []);

/**
 * Every address of the app, in the order react-router tries them: a start at a page's address asks for its
 * screen and first reads (openedPage.ts), and bench:web's screens are held to pages (bench-screens.test.ts).
 */
export const PAGES: readonly FeaturePage[] = [
  ...ROUTES.map((r) => ({ path: r.path, key: r.access, view: r.screen, reads: r.reads })),
  ...RESOURCES.flatMap(({ name, list, create, edit, show, listReads }) => [
    { path: `/${name}`, key: name, view: list, reads: listReads },
    { path: `/${name}/create`, key: name, view: create },
    { path: `/${name}/:id/show`, key: name, view: show },
    { path: `/${name}/:id`, key: name, view: edit },
  ]),
];
