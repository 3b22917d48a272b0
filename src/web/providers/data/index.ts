import { combineDataProviders, type DataProvider } from 'react-admin';
import { booksAdapter, booksMethods } from './books';
import { configsMethods } from './configs';
import { contactCategoriesAdapter, contactStatusesAdapter } from './contactCategories';
import { contactsAdapter } from './contacts';
import { eventsAdapter, eventsMethods } from './events';
import { flowsAdapter } from './flows';
import { landingElementsAdapter } from './landingElements';
import { lessonCategoriesAdapter, lessonCommentsAdapter, lessonsAdapter, lessonsMethods } from './lessons';
import { newsAdapter, newsMethods } from './news';
import { toHttpError } from './errors';
import { simpleRest } from './simpleRest';
import { paymentsAdapter, paymentsMethods } from './payments';
import { structureAdapter, teamCompletedTasksAdapter, userDetailsAdapter, waitingLeadsAdapter } from './structure';
import type { ResourceAdapter } from './types';
import { usersAdapter } from './users';
import { actionLogsAdapter } from './actionLogs';
import { importsAdapter, importsMethods } from './imports';
import { withCustomMethods } from './custom';
import { staffUsersAdapter } from './staffUsers';
import { taskLinkUsersAdapter, tasksAdapter } from './tasks';
import { ticketsAdapter, ticketsMethods } from './tickets';

/** One adapter per resource; a resource's name is the react-admin resource name. */
export const adapters = {
  users: usersAdapter,
  contacts: contactsAdapter,
  'contact-categories': contactCategoriesAdapter,
  'contact-statuses': contactStatusesAdapter,
  structure: structureAdapter,
  'waiting-leads': waitingLeadsAdapter,
  'user-details': userDetailsAdapter,
  'team-completed-tasks': teamCompletedTasksAdapter,
  flows: flowsAdapter,
  'landing-elements': landingElementsAdapter,
  tasks: tasksAdapter,
  'task-link-users': taskLinkUsersAdapter,
  tickets: ticketsAdapter,
  'staff/payments': paymentsAdapter,
  'action-logs': actionLogsAdapter,
  imports: importsAdapter,
  'staff-users': staffUsersAdapter,
  'learning/books': booksAdapter,
  'learning/categories': lessonCategoriesAdapter,
  'learning/comments': lessonCommentsAdapter,
  'learning/events': eventsAdapter,
  'learning/lessons': lessonsAdapter,
  'learning/news': newsAdapter,
} satisfies Record<string, ResourceAdapter>;

export type ResourceName = keyof typeof adapters;

type Method = keyof ResourceAdapter;

function call<M extends Method>(method: M) {
  return (async (resource: string, params: unknown) => {
    const adapter = (adapters as Record<string, ResourceAdapter>)[resource];
    const fn = adapter?.[method] as ((r: string, p: unknown) => Promise<unknown>) | undefined;
    if (!fn) throw new Error(`The resource "${resource}" has no ${method}`);
    try {
      return await fn(resource, params);
    } catch (err) {
      toHttpError(err);
    }
  }) as DataProvider[M];
}

/** The contract's seed endpoints, through the typed adapters. */
const seedProvider: DataProvider = {
  getList: call('getList'),
  getOne: call('getOne'),
  getMany: call('getMany'),
  getManyReference: call('getManyReference'),
  create: call('create'),
  update: call('update'),
  updateMany: call('updateMany'),
  delete: call('delete'),
  deleteMany: call('deleteMany'),
};

/** Resources with an adapter use the seed endpoints; Atrium's admin resources use simple REST. */
const resources = combineDataProviders((resource) => (resource in adapters ? seedProvider : simpleRest));

/** The resources plus the custom methods (actions that are not a resource's CRUD). */
export const dataProvider = withCustomMethods(resources, {
  ...paymentsMethods,
  ...importsMethods,
  ...ticketsMethods,
  ...booksMethods,
  ...configsMethods,
  ...eventsMethods,
  ...lessonsMethods,
  ...newsMethods,
});

/** The provider's type for `useDataProvider<AtriumDataProvider>()`, custom methods included. */
export type AtriumDataProvider = typeof dataProvider;
