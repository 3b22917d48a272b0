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

export const ru: AppMessages = {
  atrium: {
    ...core.ru,
    auth: auth.ru,
    users: users.ru,
    outbox: outbox.ru,
    profile: profile.ru,
    learning: learning.ru,
    books: books.ru,
    news: news.ru,
    events: events.ru,
    broadcasts: broadcasts.ru,
    admin: admin.ru,
    contacts: contacts.ru,
    team: team.ru,
    leads: leads.ru,
    staff: staff.ru,
    'action-logs': actionLogs.ru,
    imports: imports.ru,
    notifications: notifications.ru,
    person: person.ru,
    tasks: tasks.ru,
    tickets: tickets.ru,
    statistics: statistics.ru,
    flows: flows.ru,
    payments: payments.ru,
    subscription: subscription.ru,
    products: products.ru,
  },
  resources: {
    users: { name: users.ru.resource_name },
    outbox: { name: outbox.ru.resource_name },
    contacts: { name: contacts.ru.resource_name },
    structure: { name: team.ru.structure.resource_name },
    'waiting-leads': { name: leads.ru.resource_name },
    'contact-categories': { name: contacts.ru.categories_resource_name },
    flows: { name: flows.ru.resource_name },
    'staff/payments': { name: payments.ru.resource_name },
    'staff/orders': { name: products.ru.orders.resource_name },
    'admin/products': { name: products.ru.admin.resource_name },
    ...contentResources(admin.ru),
    'admin/broadcasts': { name: broadcasts.ru.resource_name },
  },
  ra: { tiptap: tiptap.ru },
};
