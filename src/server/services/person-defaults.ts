import type { Lang } from '../i18n';
import { phoneCountry } from './phones';
import { isTimeZone } from './time-zones';

/**
 * A new person's time zone and language when staff or an import name none (#40 finding 11): from
 * their country, else their phone's country, rather than the creator's zone and Russian. A country of
 * one zone has it; one of several the zone most of its people live in (below); a country the table
 * does not know, the first zone ICU lists for it.
 */
const MAIN_ZONE: Readonly<Record<string, string>> = {
  AR: 'America/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  DE: 'Europe/Berlin',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  GL: 'America/Godthab',
  ID: 'Asia/Jakarta',
  KZ: 'Asia/Almaty',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  UA: 'Europe/Kiev',
  US: 'America/New_York',
  UZ: 'Asia/Tashkent',
};

/** Countries whose people are best written to in Russian or German (else English for the English-speaking ones). */
const LANGUAGE_OF: Readonly<Record<string, Lang>> = {
  RU: 'ru',
  BY: 'ru',
  KZ: 'ru',
  KG: 'ru',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  LI: 'de',
  LU: 'de',
  US: 'en',
  GB: 'en',
  IE: 'en',
  CA: 'en',
  AU: 'en',
  NZ: 'en',
};

/** The zone of a country (ISO alpha-2), or undefined when none is known. */
function countryTimeZone(country: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(country)) return undefined;
  const main = MAIN_ZONE[country];
  if (main && isTimeZone(main)) return main;
  let zones: string[] = [];
  try {
    zones = (new Intl.Locale(`und-${country}`) as Intl.Locale & { timeZones?: string[] }).timeZones ?? [];
  } catch {
    return undefined;
  }
  return zones.find(isTimeZone);
}

/**
 * The zone and language a person gets when they are not given: from the country, else the phone's
 * country; undefined where neither tells (the caller then keeps its own fallback).
 */
export function personDefaults(country: string | null | undefined, phone: string | null | undefined) {
  const where = country || phoneCountry(phone) || '';
  return { timeZone: countryTimeZone(where), language: LANGUAGE_OF[where] };
}
