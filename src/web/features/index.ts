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
import type { Feature } from './types';

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
