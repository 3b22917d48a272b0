import type { SchemaProfile } from '../../../api/schema';

/** Catalogue keys of the roles and languages (kept literal so the catalogue test sees them). */
export const ROLE_KEYS: Record<SchemaProfile['role'], string> = {
  member: 'atrium.users.roles.member',
  consultant: 'atrium.users.roles.consultant',
  admin: 'atrium.users.roles.admin',
};

export const LANGUAGE_KEYS: Record<SchemaProfile['language'], string> = {
  ru: 'atrium.languages.ru',
  en: 'atrium.languages.en',
  de: 'atrium.languages.de',
};
