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
import type { Widen } from './areas/types';
import { admin } from './areas/admin';

/**
 * The app's own messages. Each area keeps its three languages side by side in areas/<area>.ts; these
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
    broadcasts: broadcasts.en,
    content: content.en,
    contacts: contacts.en,
    team: team.en,
    staff: staff.en,
    person: person.en,
    tasks: tasks.en,
    tickets: tickets.en,
    statistics: statistics.en,
    flows: flows.en,
    payments: payments.en,
    products: products.en,
    admin: admin.en,
  },
  resources: {
    users: { name: users.en.resource_name },
    outbox: { name: outbox.en.resource_name },
    contacts: { name: contacts.en.resource_name },
    structure: { name: team.en.structure.resource_name },
    'waiting-leads': { name: team.en.waiting.resource_name },
    'contact-categories': { name: contacts.en.categories_resource_name },
    flows: { name: flows.en.resource_name },
    'staff/payments': { name: payments.en.resource_name },
    'staff/orders': { name: products.en.orders.resource_name },
    'admin/products': { name: products.en.admin.resource_name },
    ...contentResources(content.en),
    'admin/broadcasts': { name: broadcasts.en.resource_name },
  },
  ra: { tiptap: tiptap.en },
};

export type AppMessages = Widen<typeof en>;
