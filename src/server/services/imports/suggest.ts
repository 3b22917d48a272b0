import type { ImportField } from '../../../api/importFields';

/**
 * Header names per field, as the common exports write them, compared without case, spaces or
 * punctuation ("E-mail 1 - Value" is `email1value`). The first name in a list that a column has wins,
 * so the better column of an export comes first: Google Contacts (both its old and its current
 * header), Outlook, Apple Contacts (vCard-derived CSV), HubSpot, Pipedrive, Excel sheets in Russian or
 * German, and Atrium's own field names.
 */
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
  phone: [
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
  ],
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
  // A second phone column, when the file has one beside the first (HubSpot's mobile, Google's Phone 2).
  phone_other: [
    'mobilephonenumber', // HubSpot
    'phone2value', // Google
    'mobilephone',
    'personphonemobile',
    'personphonework',
    'personphonehome',
    'personphoneother',
    'mobile',
    'cellphone',
    'homephone',
    'businessphone',
    'phonemobile',
    'phonework',
    'phonehome',
  ],
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

const key = (column: string) =>
  column
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Column name -> field, guessed from the header. A full-name column is suggested only when the file
 * has no first and last name columns; each field and each column is used at most once.
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
  for (const field of [
    'email',
    'phone',
    'phone_other',
    'country',
    'city',
    'date_birth',
    'language',
    'time_zone',
  ] as const)
    pick(field);
  return mapping;
}

/** The key a saved mapping is found by: the header's columns, trimmed, in order. */
export const columnsKey = (columns: string[]) => JSON.stringify(columns.map((c) => c.trim()));
