import { auth } from '../features/auth/i18n';
import { broadcasts } from '../features/broadcasts/i18n';
import { contacts } from '../features/contacts/i18n';
import { flows } from '../features/flows/i18n';
import { person, team } from '../features/team/i18n';
import { staff } from '../features/staff/i18n';
import { statistics } from '../features/statistics/i18n';
import { tasks } from '../features/tasks/i18n';
import { tickets } from '../features/tickets/i18n';
import { admin, contentResources, outbox, tiptap } from '../features/admin/i18n';
import { core } from './core';
import { learning } from '../features/learning/i18n';
import { payments } from '../features/payments/i18n';
import { products } from '../features/products/i18n';
import { profile } from '../features/profile/i18n';
import { users } from '../features/users/i18n';
import { books } from '../features/books/i18n';
import { news } from '../features/news/i18n';
import { events } from '../features/events/i18n';
import { subscription } from '../features/subscription/i18n';
import { leads } from '../features/leads/i18n';
import type { Widen } from './types';
import { actionLogs } from '../features/action-logs/i18n';
import { imports } from '../features/imports/i18n';
import { notifications } from '../features/notifications/i18n';

/**
 * The app's own messages. Each area keeps its three languages side by side in features/<area>/i18n.ts; these
 * files only assemble them under `atrium.<area>` (and react-admin's `resources.*` names).
 */
export const en = {
  atrium: {
    ...core.en,
    auth: auth.en,
    users: users.en,
    outbox: outbox.en,
    profile: profile.en,
    learning: learning.en,
    books: books.en,
    news: news.en,
    events: events.en,
    broadcasts: broadcasts.en,
    admin: admin.en,
    contacts: contacts.en,
    team: team.en,
    leads: leads.en,
    staff: staff.en,
    'action-logs': actionLogs.en,
    imports: imports.en,
    notifications: notifications.en,
    person: person.en,
    tasks: tasks.en,
    tickets: tickets.en,
    statistics: statistics.en,
    flows: flows.en,
    payments: payments.en,
    subscription: subscription.en,
    products: products.en,
  },
  resources: {
    users: { name: users.en.resource_name },
    outbox: { name: outbox.en.resource_name },
    contacts: { name: contacts.en.resource_name },
    structure: { name: team.en.structure.resource_name },
    'waiting-leads': { name: leads.en.resource_name },
    'contact-categories': { name: contacts.en.categories_resource_name },
    flows: { name: flows.en.resource_name },
    'staff/payments': { name: payments.en.resource_name },
    'staff/orders': { name: products.en.orders.resource_name },
    'admin/products': { name: products.en.admin.resource_name },
    ...contentResources(admin.en),
    'admin/broadcasts': { name: broadcasts.en.resource_name },
  },
  ra: { tiptap: tiptap.en },
};

export type AppMessages = Widen<typeof en>;
