/**
 * The user fields a column of an imported file can fill, in the order the mapping screen lists them:
 * the one list the server (checking a mapping, reading rows) and the web app (the mapping screen) use.
 * The contract's ImportUserField names the same values; the check below fails to compile when they part.
 */
import type { SchemaImportUserField } from './schema';

export const IMPORT_FIELDS = [
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'country',
  'city',
  'date_birth',
  'language',
  'time_zone',
] as const satisfies readonly SchemaImportUserField[];

export type ImportField = (typeof IMPORT_FIELDS)[number];

// Every field of the contract is in the list (the `satisfies` above checks the other way).
type Missing = Exclude<SchemaImportUserField, ImportField>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;
