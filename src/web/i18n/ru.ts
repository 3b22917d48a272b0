import { auth } from './areas/auth';
import { core } from './areas/core';
import { outbox } from './areas/outbox';
import { profile } from './areas/profile';
import { users } from './areas/users';
import type { AppMessages } from './en';

export const ru: AppMessages = {
  atrium: { ...core.ru, auth: auth.ru, users: users.ru, outbox: outbox.ru, profile: profile.ru },
  resources: {
    users: { name: users.ru.resource_name },
    outbox: { name: outbox.ru.resource_name },
  },
};
