import { actionLogs } from '../features/action-logs/i18n';
import { imports } from '../features/imports/i18n';
import { notifications } from '../features/notifications/i18n';
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
import type { AppMessages } from './en';

export const de: AppMessages = {
  atrium: {
    ...core.de,
    auth: auth.de,
    users: users.de,
    outbox: outbox.de,
    profile: profile.de,
    learning: learning.de,
    books: books.de,
    news: news.de,
    events: events.de,
    broadcasts: broadcasts.de,
    admin: admin.de,
    contacts: contacts.de,
    team: team.de,
    leads: leads.de,
    staff: staff.de,
    'action-logs': actionLogs.de,
    imports: imports.de,
    notifications: notifications.de,
    person: person.de,
    tasks: tasks.de,
    tickets: tickets.de,
    statistics: statistics.de,
    flows: flows.de,
    payments: payments.de,
    subscription: subscription.de,
    products: products.de,
  },
  resources: {
    users: { name: users.de.resource_name },
    outbox: { name: outbox.de.resource_name },
    contacts: { name: contacts.de.resource_name },
    structure: { name: team.de.structure.resource_name },
    'waiting-leads': { name: leads.de.resource_name },
    'contact-categories': { name: contacts.de.categories_resource_name },
    flows: { name: flows.de.resource_name },
    'staff/payments': { name: payments.de.resource_name },
    'staff/orders': { name: products.de.orders.resource_name },
    'admin/products': { name: products.de.admin.resource_name },
    ...contentResources(admin.de),
    'admin/broadcasts': { name: broadcasts.de.resource_name },
  },
  ra: { tiptap: tiptap.de },
};
