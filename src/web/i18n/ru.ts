import { admin } from './areas/admin';
import { auth } from './areas/auth';
import { broadcasts } from './areas/broadcasts';
import { contacts } from './areas/contacts';
import { flows } from './areas/flows';
import { team } from './areas/team';
import { staff } from './areas/staff';
import { person } from './areas/person';
import { statistics } from './areas/statistics';
import { tasks } from './areas/tasks';
import { tickets } from './areas/tickets';
import { content, contentResources, tiptap } from './areas/content';
import { core } from './areas/core';
import { learning } from './areas/learning';
import { outbox } from './areas/outbox';
import { payments } from './areas/payments';
import { products } from './areas/products';
import { profile } from './areas/profile';
import { users } from './areas/users';
import type { AppMessages } from './en';

export const ru: AppMessages = {
  atrium: {
    ...core.ru,
    auth: auth.ru,
    users: users.ru,
    outbox: outbox.ru,
    profile: profile.ru,
    learning: learning.ru,
    broadcasts: broadcasts.ru,
    content: content.ru,
    contacts: contacts.ru,
    team: team.ru,
    staff: staff.ru,
    person: person.ru,
    tasks: tasks.ru,
    tickets: tickets.ru,
    statistics: statistics.ru,
    flows: flows.ru,
    payments: payments.ru,
    products: products.ru,
    admin: admin.ru,
  },
  resources: {
    users: { name: users.ru.resource_name },
    outbox: { name: outbox.ru.resource_name },
    contacts: { name: contacts.ru.resource_name },
    structure: { name: team.ru.structure.resource_name },
    'waiting-leads': { name: team.ru.waiting.resource_name },
    'contact-categories': { name: contacts.ru.categories_resource_name },
    flows: { name: flows.ru.resource_name },
    'staff/payments': { name: payments.ru.resource_name },
    'staff/orders': { name: products.ru.orders.resource_name },
    'admin/products': { name: products.ru.admin.resource_name },
    ...contentResources(content.ru),
    'admin/broadcasts': { name: broadcasts.ru.resource_name },
  },
  ra: { tiptap: tiptap.ru },
};
