import { auth } from './areas/auth';
import { core } from './areas/core';
import { outbox } from './areas/outbox';
import { profile } from './areas/profile';
import { users } from './areas/users';
import type { AppMessages } from './en';

export const de: AppMessages = {
  atrium: { ...core.de, auth: auth.de, users: users.de, outbox: outbox.de, profile: profile.de },
  resources: {
    users: { name: users.de.resource_name },
    outbox: { name: outbox.de.resource_name },
  },
};
