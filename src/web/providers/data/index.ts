import type { DataProvider } from 'react-admin';
import { adminContentAdapters } from '../../features/admin/data';
import { accountsMethods } from '../../features/auth/data';
import {
  contactCategoriesAdapter,
  contactNotesAdapter,
  contactStatusesAdapter,
  contactsAdapter,
} from '../../features/contacts/data';
import { flowsAdapter, flowStatsAdapter, landingElementsAdapter } from '../../features/flows/data';
import { menusMethods } from './menus';
import { booksAdapter, booksMethods } from '../../features/books/data';
import { adminBroadcastsAdapter, broadcastsMethods } from '../../features/broadcasts/data';
import { configsMethods } from './configs';
import { eventsAdapter, eventsMethods } from '../../features/events/data';
import {
  lessonCategoriesAdapter,
  lessonCommentsAdapter,
  lessonsAdapter,
  lessonsMethods,
} from '../../features/learning/data';
import { newsAdapter, newsMethods } from '../../features/news/data';
import { notificationsMethods } from '../../features/notifications/data';
import { failingAsHttpError } from './errors';
import { donationsAdapter, donationsMethods, paymentsAdapter, paymentsMethods } from '../../features/payments/data';
import {
  adminProductsAdapter,
  productsAdapter,
  productsMethods,
  staffOrdersAdapter,
} from '../../features/products/data';
import { profileMethods, sessionsAdapter } from '../../features/profile/data';
import { subscriptionMethods } from '../../features/subscription/data';
import {
  personDonationsAdapter,
  personMethods,
  structureAdapter,
  structureMethods,
  teamChildrenAdapter,
  teamCompletedTasksAdapter,
  teamMethods,
  userDetailsAdapter,
  waitingLeadsAdapter,
} from '../../features/team/data';
import { leadsMethods } from '../../features/leads/data';
import { staffMethods, staffPartnersAdapter } from '../../features/staff/data';
import { staffStatisticsAdapter, statisticsMethods } from '../../features/statistics/data';
import type { ResourceAdapter } from './types';
import { usersAdapter } from '../../features/users/data';
import { actionLogPeopleAdapter, actionLogsAdapter } from '../../features/action-logs/data';
import { importsAdapter, importsMethods } from '../../features/imports/data';
import { withCustomMethods, type AllOf } from './custom';
import { declareResourceInvalidation } from './invalidation';
import { staffUsersAdapter } from '../../features/staff/data';
import { taskLinkUsersAdapter, tasksAdapter } from '../../features/tasks/data';
import { myTicketsAdapter, ticketsAdapter, ticketsMethods } from '../../features/tickets/data';
import { uploadsMethods } from './uploads';

/** One adapter per resource; a resource's name is the react-admin resource name. */
const adapters = {
  users: usersAdapter,
  contacts: contactsAdapter,
  'contact-categories': contactCategoriesAdapter,
  'contact-statuses': contactStatusesAdapter,
  'contact-notes': contactNotesAdapter,
  structure: structureAdapter,
  'waiting-leads': waitingLeadsAdapter,
  'user-details': userDetailsAdapter,
  'team-completed-tasks': teamCompletedTasksAdapter,
  'person-donations': personDonationsAdapter,
  'team-children': teamChildrenAdapter,
  flows: flowsAdapter,
  'flow-stats': flowStatsAdapter,
  'landing-elements': landingElementsAdapter,
  tasks: tasksAdapter,
  'task-link-users': taskLinkUsersAdapter,
  tickets: ticketsAdapter,
  'my-tickets': myTicketsAdapter,
  'staff/payments': paymentsAdapter,
  'staff/orders': staffOrdersAdapter,
  'admin/products': adminProductsAdapter,
  products: productsAdapter,
  'action-logs': actionLogsAdapter,
  'action-log-people': actionLogPeopleAdapter,
  imports: importsAdapter,
  'staff-users': staffUsersAdapter,
  sessions: sessionsAdapter,
  donations: donationsAdapter,
  'staff-partners': staffPartnersAdapter,
  'staff-statistics': staffStatisticsAdapter,
  ...adminContentAdapters,
  'admin/broadcasts': adminBroadcastsAdapter,
  'learning/books': booksAdapter,
  'learning/categories': lessonCategoriesAdapter,
  'learning/comments': lessonCommentsAdapter,
  'learning/events': eventsAdapter,
  'learning/lessons': lessonsAdapter,
  'learning/news': newsAdapter,
} satisfies Record<string, ResourceAdapter>;

// What a change of a resource makes stale elsewhere, as its adapter declares it (invalidation.ts).
for (const [name, adapter] of Object.entries(adapters)) declareResourceInvalidation(name, adapter);

type Method = keyof ResourceAdapter;

function call<M extends Method>(method: M) {
  return failingAsHttpError(async (resource: string, params: unknown) => {
    const adapter = (adapters as Record<string, ResourceAdapter>)[resource];
    const fn = adapter?.[method] as ((r: string, p: unknown) => Promise<unknown>) | undefined;
    if (!fn) throw new Error(`The resource "${resource}" has no ${method}`);
    return fn(resource, params);
  }) as DataProvider[M];
}

/** The contract's endpoints, through the typed adapters. */
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

/** Every resource through its typed adapter (the seed's endpoints and Atrium's simple-REST ones alike). */
const resources = seedProvider;

/** The custom methods (actions that are not a resource's CRUD), one group per area. */
const customMethods = [
  accountsMethods,
  menusMethods,
  paymentsMethods,
  personMethods,
  importsMethods,
  ticketsMethods,
  profileMethods,
  donationsMethods,
  subscriptionMethods,
  teamMethods,
  leadsMethods,
  notificationsMethods,
  staffMethods,
  statisticsMethods,
  structureMethods,
  uploadsMethods,
  booksMethods,
  productsMethods,
  configsMethods,
  eventsMethods,
  broadcastsMethods,
  lessonsMethods,
  newsMethods,
] as const;

/** The resources plus the custom methods. */
export const dataProvider = withCustomMethods(resources, ...customMethods);

/** Every custom method by name, with its own signature (useProviderQuery, useProviderMutation). */
export type AtriumMethods = AllOf<[...typeof customMethods]>;

/** The provider's type for `useDataProvider<AtriumDataProvider>()`, custom methods included. */
export type AtriumDataProvider = typeof dataProvider;
