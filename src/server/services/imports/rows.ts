import type { MessageKey } from '../../i18n';
import { isTimeZone } from '../time-zones';
import { newPromoCode } from '../users';
import { countryCode } from '../countries';
import { parsePhone } from '../phones';
import { personDefaults } from '../person-defaults';
import type { ImportField } from '../../../api/importFields';

/** A row ready to insert. Emails are lower-cased: the column is citext, and duplicates compare that way. */
export type CleanRow = {
  row: number;
  email: string | null;
  phone: string | null;
  firstName: string;
  lastName: string;
  country: string;
  city: string;
  dateBirth: string | null;
  language: string | null;
  timeZone: string | null;
  promo: string;
  /** Problems the row is imported with, for the import's report: a guessed phone region, an unknown country (left empty). */
  notes: MessageKey[];
  /**
   * The row's phones besides the one kept (a person has one phone): the other columns' and values,
   * each as E.164 when it reads as a number, else as written; kept as a note in the person's history.
   */
  otherPhones: string[];
};

/** Why a row was skipped, or a warning it was imported with: a message key and its parameters. */
type Reason = { key: MessageKey; params?: Record<string, string | number> };
/** A row left out, by its line in the file. */
export type Skip = { row: number; reason: Reason };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** DD/MM/YYYY (also with dots) or YYYY-MM-DD, as an ISO date; null when it is not a real date. */
function isoDate(s: string): string | null {
  let y: number, m: number, d: number;
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (ymd) [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900) return null;
  return date.toISOString().slice(0, 10);
}

/** A full name as first and last name: the last word is the last name (one word is a first name only). */
function splitName(full: string): { first: string; last: string } {
  const words = full.split(/\s+/).filter(Boolean);
  if (words.length < 2) return { first: words[0] ?? '', last: '' };
  return { first: words.slice(0, -1).join(' '), last: words[words.length - 1] ?? '' };
}

/** Column indexes per mapped field, in the file's order: several for phone_other (every other phone column), else one. */
export type FieldIndexes = Partial<Record<ImportField, number[]>>;

export function fieldIndexes(columns: string[], mapping: Record<string, string>): FieldIndexes {
  const idx: FieldIndexes = {};
  columns.forEach((col, i) => {
    const field = Object.hasOwn(mapping, col) ? (mapping[col] as ImportField) : undefined;
    if (field) (idx[field] ??= []).push(i);
  });
  return idx;
}

/**
 * One CSV row checked: a clean row, or the reason it is skipped. The country becomes its ISO code (an
 * unknown one is left empty, with a note); a phone without a country code is read in the row's
 * country, else in the import's default region (with a note: its country was guessed).
 */
export function cleanRow(
  row: number,
  cells: string[],
  idx: FieldIndexes,
  defaultRegion?: string | null,
  defaultCountry?: string,
): CleanRow | Skip {
  const skip = (key: MessageKey, params?: Reason['params']): Skip => ({
    row,
    reason: params ? { key, params } : { key },
  });
  // A cell with several values (Google's `a@x ::: b@y`) gives its first, with a note.
  const multi: ImportField[] = [];
  const cellAt = (i: number) => (cells[i] ?? '').trim();
  const cell = (f: ImportField) => {
    const i = idx[f]?.[0];
    return i === undefined ? '' : cellAt(i);
  };
  const get = (f: ImportField) => {
    const value = cell(f);
    if (!value.includes(':::')) return value;
    multi.push(f);
    return (value.split(':::')[0] ?? '').trim();
  };
  /** Every value of a field's cells (one each, or their ::: values), in the file's order, the empty ones left out. */
  const all = (f: ImportField) =>
    (idx[f] ?? []).flatMap((i) => {
      const values = cellAt(i)
        .split(':::')
        .map((v) => v.trim())
        .filter(Boolean);
      if (values.length > 1 && !multi.includes(f)) multi.push(f);
      return values;
    });
  let firstName = get('first_name');
  let lastName = get('last_name');
  if ((!firstName || !lastName) && idx.full_name !== undefined) {
    const full = splitName(get('full_name'));
    firstName ||= full.first;
    lastName ||= full.last;
  }
  if (!firstName || !lastName)
    return skip(
      !firstName && !lastName
        ? 'import_name_required'
        : !firstName
          ? 'import_first_name_missing'
          : 'import_last_name_missing',
    );
  const emailRaw = get('email');
  // Every value of the phone column and the other-phone columns, each cell's ::: values in order: the
  // first valid one is the person's phone; the others are kept (otherPhones), none dropped.
  const phones = (['phone', 'phone_other'] as const).flatMap((f) => all(f));
  if (!emailRaw && !phones.length) return skip('import_contact_missing');
  if (emailRaw && (!EMAIL.test(emailRaw) || emailRaw.length > 254)) return skip('import_email_invalid');
  const notes: MessageKey[] = [];
  const country = countryCode(get('country'));
  if (country === null) notes.push('import_country_unknown');
  const region = country || defaultRegion;
  const readings = phones.map((p) => parsePhone(p, region));
  const parsed = readings.find((p) => p !== null) ?? null;
  const otherPhones = [
    ...new Set(phones.map((p, i) => readings[i]?.e164 ?? p).filter((p, i) => readings[i] !== parsed)),
  ].filter((p) => p !== parsed?.e164);
  const firstPhone = phones[0];
  if (firstPhone !== undefined && !parsed) {
    // A number the row cannot do without is a reason to skip it; beside an email it is dropped, with a warning.
    const why: Skip =
      /^(\+|00)/.test(firstPhone) || !region
        ? skip(/^(\+|00)/.test(firstPhone) ? 'import_phone_not_a_number' : 'import_phone_invalid')
        : skip('import_phone_invalid_region', { region });
    if (!emailRaw) return why;
    notes.push('import_phone_dropped');
  }
  if (parsed?.regionUsed && !country) notes.push('import_phone_region_guessed');
  // Optional fields that cannot be read are left empty, with a warning; the person is still imported.
  // Outlook writes 0/0/00 for no birthday.
  const dob = /^0{1,2}\/0{1,2}\/0{2,4}$/.test(get('date_birth')) ? '' : get('date_birth');
  const dateBirth = dob ? isoDate(dob) : null;
  if (dob && !dateBirth) notes.push('import_date_dropped');
  let lang = get('language').toLowerCase();
  if (lang && !['ru', 'en', 'de'].includes(lang)) {
    notes.push('import_language_dropped');
    lang = '';
  }
  let tz = get('time_zone');
  if (tz && !isTimeZone(tz)) {
    notes.push('import_time_zone_dropped');
    tz = '';
  }
  if (multi.length) notes.unshift('import_multi_value');
  const rowCountry = country === '' ? (defaultCountry ?? '') : (country ?? ''); // the import's country when the row names none
  // A row naming no zone or language gets its country's, else its phone's; the import's settings after that (#40 finding 11).
  const derived = personDefaults(rowCountry, parsed?.e164);
  return {
    row,
    email: emailRaw ? emailRaw.toLowerCase() : null,
    phone: parsed?.e164 ?? null,
    firstName: firstName.slice(0, 150),
    lastName: lastName.slice(0, 150),
    country: rowCountry,
    city: get('city').slice(0, 150),
    dateBirth,
    language: lang || derived.language || null,
    timeZone: tz || derived.timeZone || null,
    promo: newPromoCode(),
    notes,
    otherPhones,
  };
}
