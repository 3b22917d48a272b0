/**
 * The user fields a column of an imported file can fill, in the order the mapping screen lists them:
 * the one list the server (checking a mapping, reading rows) and the web app (the mapping screen) use.
 * The contract's ImportUserField names the same values; the list does not compile when they part.
 */
import type { SchemaImportUserField } from './schema';

/** The list as given, when it holds every field of the contract and nothing else. */
const everyField = <const T extends readonly SchemaImportUserField[]>(
  fields: T & ([Exclude<SchemaImportUserField, T[number]>] extends [never] ? unknown : never),
): T => fields;

export const IMPORT_FIELDS = everyField([
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'phone_other',
  'country',
  'city',
  'date_birth',
  'language',
  'time_zone',
]);

export type ImportField = (typeof IMPORT_FIELDS)[number];
