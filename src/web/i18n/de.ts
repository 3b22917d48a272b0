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

export const de: AppMessages = {
  atrium: {
    ...core.de,
    auth: auth.de,
    users: users.de,
    outbox: outbox.de,
    profile: profile.de,
    learning: learning.de,
    broadcasts: broadcasts.de,
    content: content.de,
    contacts: contacts.de,
    team: team.de,
    staff: staff.de,
    person: person.de,
    tasks: tasks.de,
    tickets: tickets.de,
    statistics: statistics.de,
    flows: flows.de,
    payments: payments.de,
    products: products.de,
    admin: admin.de,
  },
  resources: {
    users: { name: users.de.resource_name },
    outbox: { name: outbox.de.resource_name },
    contacts: { name: contacts.de.resource_name },
    structure: { name: team.de.structure.resource_name },
    'waiting-leads': { name: team.de.waiting.resource_name },
    'contact-categories': { name: contacts.de.categories_resource_name },
    flows: { name: flows.de.resource_name },
    'staff/payments': { name: payments.de.resource_name },
    'staff/orders': { name: products.de.orders.resource_name },
    'admin/products': { name: products.de.admin.resource_name },
    ...contentResources(content.de),
    'admin/broadcasts': { name: broadcasts.de.resource_name },
  },
  ra: { tiptap: tiptap.de },
};
