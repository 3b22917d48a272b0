import { auth } from './areas/auth';
import { contacts } from './areas/contacts';
import { content, contentResources, tiptap } from './areas/content';
import { core } from './areas/core';
import { learning } from './areas/learning';
import { outbox } from './areas/outbox';
import { profile } from './areas/profile';
import { users } from './areas/users';
import type { Widen } from './areas/types';

/**
 * The app's own messages. Each area keeps its three languages side by side in areas/<area>.ts; these
 * files only assemble them under `atrium.<area>` (and react-admin's `resources.*` names).
 */
export const en = {
  atrium: { ...core.en, auth: auth.en, users: users.en, outbox: outbox.en, profile: profile.en, learning: learning.en, content: content.en, contacts: contacts.en },
  resources: {
    users: { name: users.en.resource_name },
    outbox: { name: outbox.en.resource_name },
    contacts: { name: contacts.en.resource_name },
    'contact-categories': { name: contacts.en.categories_resource_name },
    ...contentResources(content.en),
  },
  ra: { tiptap: tiptap.en },
};

export type AppMessages = Widen<typeof en>;
