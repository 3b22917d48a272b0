import { auth } from './areas/auth';
import { contacts } from './areas/contacts';
import { content, contentResources, tiptap } from './areas/content';
import { core } from './areas/core';
import { learning } from './areas/learning';
import { outbox } from './areas/outbox';
import { profile } from './areas/profile';
import { users } from './areas/users';
import type { AppMessages } from './en';

export const ru: AppMessages = {
  atrium: { ...core.ru, auth: auth.ru, users: users.ru, outbox: outbox.ru, profile: profile.ru, learning: learning.ru, content: content.ru, contacts: contacts.ru },
  resources: {
    users: { name: users.ru.resource_name },
    outbox: { name: outbox.ru.resource_name },
    contacts: { name: contacts.ru.resource_name },
    'contact-categories': { name: contacts.ru.categories_resource_name },
    ...contentResources(content.ru),
  },
  ra: { tiptap: tiptap.ru },
};
