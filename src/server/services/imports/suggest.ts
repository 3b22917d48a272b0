import { IMPORT_FIELDS, type ImportField } from '../../../api/importFields';

/** Picked first, by suggestMapping's own rule. */
const NAME_FIELDS = new Set<ImportField>(['first_name', 'last_name', 'full_name']);

/**
 * Header names per field, as the common exports write them, compared without case, spaces or
 * punctuation ("E-mail 1 - Value" is `email1value`). The first name in a list that a column has wins,
 * so the better column of an export comes first: Google Contacts (both its old and its current
 * header), Outlook, Apple Contacts (vCard-derived CSV), HubSpot, Pipedrive, Excel sheets in Russian or
 * German, and Atrium's own field names.
 */
/** The headers of a phone column, the better first. */
const PHONE_HEADERS = [
  'phone',
  'mobilephone', // Outlook
  'phonenumber', // HubSpot
  'mobilephonenumber',
  'phone1value', // Google
  'personphone', // Pipedrive
  'personphonemobile',
  'personphonework',
  'personphonehome',
  'personphoneother',
  'mobile',
  'cellphone',
  'primaryphone',
  'homephone',
  'businessphone',
  'phonemobile',
  'phonework',
  'phonehome',
  'telephone',
  'tel',
  'телефон',
  'мобильныйтелефон',
  'мобильный',
  'телефонмобильный',
  'telefon',
  'mobiltelefon',
  'handy',
  'telefonnummer',
  'mobilnummer',
];

const HEADERS: Record<ImportField, string[]> = {
  first_name: [
    'firstname', // Atrium, Outlook, HubSpot, Apple, current Google
    'givenname', // Google (old), Apple
    'personfirstname', // Pipedrive
    'first',
    'forename',
    'имя',
    'vorname',
  ],
  last_name: ['lastname', 'familyname', 'personlastname', 'surname', 'last', 'фамилия', 'nachname', 'familienname'],
  // Only when the file has no first and last name columns (see suggestMapping).
  full_name: ['fullname', 'name', 'personname', 'contactname', 'displayname', 'фио', 'имяифамилия', 'полноеимя'],
  email: [
    'email',
    'emailaddress', // Outlook
    'email1value', // Google
    'personemail', // Pipedrive
    'personemailwork',
    'personemailhome',
    'personemailother',
    'emailhome',
    'emailwork',
    'homeemail',
    'workemail',
    'mail',
    'emailadresse',
    'электроннаяпочта',
    'элпочта',
    'почта',
    'емейл',
  ],
  phone: PHONE_HEADERS,
  country: [
    'country',
    'countryregion', // HubSpot
    'address1country', // Google
    'homecountryregion', // Outlook
    'businesscountryregion',
    'othercountryregion',
    'homecountry', // Apple
    'workcountry',
    'personcountry',
    'страна',
    'land',
  ],
  city: [
    'city',
    'address1city', // Google
    'homecity', // Outlook, Apple
    'businesscity',
    'othercity',
    'workcity',
    'personcity',
    'town',
    'город',
    'населенныйпункт',
    'stadt',
    'ort',
    'wohnort',
  ],
  // Every phone column beside the first (HubSpot's mobile, Google's Phone 2 and 3, Outlook's Business,
  // Home, Mobile, Other…): these names and any header isOtherPhone takes, all of them (see suggestMapping).
  phone_other: ['mobilephonenumber', 'phone2value', 'phone3value', ...PHONE_HEADERS],
  date_birth: [
    'datebirth', // Atrium
    'dateofbirth',
    'birthday', // Google, Outlook, Apple
    'birthdate',
    'personbirthday',
    'dob',
    'датарождения',
    'деньрождения',
    'geburtsdatum',
    'geburtstag',
  ],
  language: ['language', 'preferredlanguage', 'lang', 'язык', 'sprache'],
  time_zone: ['timezone', 'tz', 'часовойпояс', 'zeitzone'],
};

/**
 * A phone header of an export not listed by name: Google's "Phone N - Value", Outlook's "Business Phone 2",
 * "Car Phone", "Assistant's Phone", any "… Phone Number"; not a fax or a pager, nor Google's "Phone N - Type".
 */
const isOtherPhone = (k: string) =>
  HEADERS.phone_other.includes(k) ||
  /^phone\d+value$/.test(k) ||
  (/(phone|phonenumber|telefon|телефон)\d*$/.test(k) && !/fax|pager/.test(k));

const key = (column: string) =>
  column
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Column name -> field, guessed from the header. A full-name column is suggested only when the file
 * has no first and last name columns; each column is used at most once, each field too except
 * phone_other, which takes every phone column left after the first (none is dropped unseen).
 */
export function suggestMapping(columns: string[]): Record<string, ImportField> {
  const keys = columns.map(key);
  const mapping: Record<string, ImportField> = {};
  const pick = (field: ImportField) => {
    for (const name of HEADERS[field]) {
      const i = keys.indexOf(name);
      const column = columns[i];
      if (column !== undefined && !(column in mapping)) {
        mapping[column] = field;
        return true;
      }
    }
    return false;
  };
  const first = pick('first_name');
  const last = pick('last_name');
  if (!first || !last) {
    // No separate first and last name: a full-name column, when there is one, is split instead.
    const named = Object.entries(mapping);
    if (pick('full_name'))
      for (const [column, field] of named)
        if (field === 'first_name' || field === 'last_name') Reflect.deleteProperty(mapping, column);
  }
  for (const field of IMPORT_FIELDS) if (!NAME_FIELDS.has(field) && field !== 'phone_other') pick(field);
  columns.forEach((column, i) => {
    if (!(column in mapping) && isOtherPhone(keys[i] ?? '')) mapping[column] = 'phone_other';
  });
  return mapping;
}

/** The key a saved mapping is found by: the header's columns, trimmed, in order. */
export const columnsKey = (columns: string[]) => JSON.stringify(columns.map((c) => c.trim()));
