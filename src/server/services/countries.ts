import isoCountries from 'i18n-iso-countries';
import { FieldErrors } from '../errors';

/**
 * Countries are stored as ISO 3166-1 alpha-2 codes ('' for none). People type them in many ways:
 * the code, the alpha-3 code, a name in Russian, English or German (i18n-iso-countries' names and
 * their aliases), or a common variant below. The same table builds the lookup of migration
 * 0032_country_codes (scripts/country-names-sql.ts prints it), so old rows and new input agree.
 */

/** Common ways of writing a country that the ISO names (ru, en, de) do not list. Add here, not in code. */
const COUNTRY_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  AE: ['Объединённые Арабские Эмираты', 'Эмираты', 'UAE', 'Vereinigte Arabische Emirate'],
  AM: ['Армения', 'Armenia'],
  AZ: ['Азербайджан'],
  BY: [
    'Белоруссия',
    'Белорусь',
    'Республика Беларусь',
    'Byelorussia',
    'Belorussia',
    'Republic of Belarus',
    'Weißrussland',
    'Weissrussland',
  ],
  CN: ['Китай', 'КНР', 'Китайская Народная Республика', 'Volksrepublik China', 'VR China'],
  CZ: ['Чешская Республика'],
  DE: ['ФРГ', 'Федеративная Республика Германия', 'BRD', 'Bundesrepublik Deutschland', 'Federal Republic of Germany'],
  GB: [
    'England',
    'Scotland',
    'Wales',
    'Northern Ireland',
    'Britain',
    'United Kingdom of Great Britain and Northern Ireland',
    'Англия',
    'Шотландия',
    'Британия',
    'Соединённое Королевство',
    'Grossbritannien',
    'Schottland',
  ],
  GE: ['Грузия', 'Georgia'],
  KG: ['Кыргызстан', 'Kyrgyz Republic'],
  KP: ['КНДР', 'Северная Корея', 'Корейская Народно-Демократическая Республика'],
  KR: ['Южная Корея', 'Корея', 'Korea'],
  KZ: ['Республика Казахстан', 'Kasachstan'],
  MD: ['Молдова', 'Moldova', 'Republic of Moldova', 'Republik Moldau', 'Moldau'],
  NL: ['Голландия', 'Holland'],
  RU: ['РФ', 'Russland', 'Rossiya', 'Rossija', 'Russian Federation (the)'],
  SY: ['Syrien'],
  TR: ['Turkei', 'Türkei'],
  UA: ['Украина', 'Ukraine', 'Україна'],
  US: ['Соединённые Штаты', 'Соединённые Штаты Америки', 'Америка', 'America', 'Amerika', 'United States'],
  UZ: ['Uzbekistan', 'Usbekistan'],
};

/**
 * The comparison key of a name: lower case, ё as е, ß as ss, no dots, single spaces. The migration's
 * `country_key` SQL function does the same, so both find the same rows of the table.
 */
export function countryKey(name: string): string {
  return name.toLowerCase().replace(/ё/g, 'е').replace(/ß/g, 'ss').replace(/\./g, '').replace(/\s+/g, ' ').trim();
}

/** The name without accents (Österreich → Osterreich), a second key for the same country. */
const withoutAccents = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');

const LANGS = ['en', 'ru', 'de'] as const;

/**
 * Every known key and its code, most specific first: the alpha-2 codes, the variants, the names in
 * en/ru/de (and without accents), the alpha-3 codes. A key met twice keeps its first code.
 */
export function countryNameTable(): Map<string, string> {
  const table = new Map<string, string>();
  const add = (name: string, code: string) => {
    for (const n of [name, withoutAccents(name)]) {
      const key = countryKey(n);
      if (key && !table.has(key)) table.set(key, code);
    }
  };
  const codes = Object.keys(isoCountries.getAlpha2Codes()).sort();
  for (const code of codes) add(code, code);
  for (const [code, names] of Object.entries(COUNTRY_VARIANTS)) for (const name of names) add(name, code);
  for (const lang of LANGS) {
    const names = isoCountries.getNames(lang, { select: 'all' });
    for (const code of codes) for (const name of names[code] ?? []) add(name, code);
  }
  for (const [alpha3, code] of Object.entries(isoCountries.getAlpha3Codes())) add(alpha3, code);
  return table;
}

let table: Map<string, string> | undefined;

/**
 * The ISO alpha-2 code of a typed country: '' for an empty one, null when it names no country.
 * "Россия", "Russia", "RU", "rus" and "Russian Federation" are all 'RU'.
 */
export function countryCode(input: string | null | undefined): string | null {
  const text = (input ?? '').trim();
  if (!text) return '';
  table ??= countryNameTable();
  return table.get(countryKey(text)) ?? null;
}

/** A form's country as its code (undefined stays undefined); a 400 'country_incorrect' on the field when it names no country. */
export function formCountry(input: string | undefined, field = 'country'): string | undefined {
  if (input === undefined) return undefined;
  const code = countryCode(input);
  if (code === null) throw FieldErrors.of(field, 'country_incorrect');
  return code;
}
