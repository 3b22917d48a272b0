import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countryCode, countryKey, countryNameTable, formCountry } from '../../src/server/services/countries';
import isoCountries from 'i18n-iso-countries';
import { FieldErrors } from '../../src/server/errors';
import { COUNTRY_CODES } from '../../src/web/common/countries';

describe('countryCode: typed countries to ISO alpha-2', () => {
  it.each([
    [
      'RU',
      [
        'Россия',
        'Russia',
        'RU',
        'ru',
        'RUS',
        'Russian Federation',
        'Российская Федерация',
        'РФ',
        'Russland',
        '  россия ',
      ],
    ],
    ['DE', ['Deutschland', 'Germany', 'Германия', 'DE', 'DEU', 'ФРГ', 'BRD']],
    [
      'GB',
      [
        'UK',
        'Great Britain',
        'United Kingdom',
        'England',
        'Великобритания',
        'Англия',
        'Großbritannien',
        'Grossbritannien',
        'GB',
      ],
    ],
    ['US', ['USA', 'U.S.A.', 'США', 'United States', 'United States of America', 'Vereinigte Staaten', 'Америка']],
    ['BY', ['Беларусь', 'Belarus', 'Белоруссия', 'Weißrussland', 'BY']],
    ['FR', ['France', 'Франция', 'Frankreich']],
    ['CN', ['China', 'Китай']],
    ['AT', ['Österreich', 'Osterreich', 'Austria', 'Австрия']],
    ['UA', ['Украина', 'Ukraine']],
  ])('%s from every way of writing it', (code, names) => {
    for (const name of names) expect(countryCode(name), name).toBe(code);
  });

  it("is '' for no country and null for an unknown one", () => {
    expect(countryCode('')).toBe('');
    expect(countryCode('   ')).toBe('');
    expect(countryCode(undefined)).toBe('');
    expect(countryCode('Narnia')).toBeNull();
    expect(countryCode('Atlantis')).toBeNull();
  });

  it('formCountry gives the code, or a 400 on the field', () => {
    expect(formCountry('Россия')).toBe('RU');
    expect(formCountry(undefined)).toBeUndefined();
    expect(formCountry('')).toBe('');
    expect(() => formCountry('Narnia')).toThrow(FieldErrors);
  });

  it('keys ignore case, dots, ё and spacing', () => {
    expect(countryKey('  U.S.A. ')).toBe('usa');
    expect(countryKey('Соединённые   Штаты')).toBe('соединенные штаты');
    expect(countryKey('GROẞBRITANNIEN'.toLowerCase())).toBe('grossbritannien');
  });
});

describe('the lookup table of migration 0032', () => {
  const sql = fs.readFileSync(
    path.join(import.meta.dirname, '../../src/server/db/migrations/0032_country_codes.sql'),
    'utf8',
  );
  const rows = [...sql.matchAll(/\('((?:[^']|'')*)', '([A-Z]{2})'\)/g)].map(
    (m) => [m[1]!.replace(/''/g, "'"), m[2]!] as const,
  );

  it('maps every name the way the server maps it', () => {
    const table = countryNameTable();
    expect(rows.length).toBeGreaterThan(1000);
    for (const [key, code] of rows) expect(table.get(key), key).toBe(code);
  });

  it('holds every key of the server table (regenerate with scripts/country-names-sql.ts in a new migration when this fails)', () => {
    const keys = new Set(rows.map(([key]) => key));
    expect([...countryNameTable().keys()].filter((k) => !keys.has(k))).toEqual([]);
  });
});

it("the web's country list is the server's", () => {
  expect([...COUNTRY_CODES].sort()).toEqual(Object.keys(isoCountries.getAlpha2Codes()).sort());
});
