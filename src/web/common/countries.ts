/**
 * Countries as the server stores them: ISO 3166-1 alpha-2 codes ('' for none). Screens show them in
 * the interface's language with Intl.DisplayNames, and a country select offers {code, name} pairs
 * sorted by name. Typed names ("Россия", "Germany") are mapped to codes by the server.
 */

/** Every ISO 3166-1 alpha-2 code the server knows (i18n-iso-countries' list, with Kosovo). */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT
BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH
ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT
HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS
LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI
NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG
SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG
UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW`
  .trim()
  .split(/\s+/);

const displayNames = new Map<string, Intl.DisplayNames>();

function namesIn(locale: string): Intl.DisplayNames {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  return names;
}

/**
 * A country's name in the locale ('RU' → 'Россия' in ru, 'Russia' in en, 'Russland' in de); '' for
 * none; a value that is no code (a row from before the codes) is shown as it is.
 */
export function countryName(code: string | null | undefined, locale: string): string {
  if (!code) return '';
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return namesIn(locale).of(code) ?? code;
  } catch {
    return code;
  }
}

export type CountryOption = { code: string; name: string };

const optionLists = new Map<string, CountryOption[]>();

/** Every country as {code, name} in the locale, sorted by name there: the choices of a country select. */
export function countryOptions(locale: string): CountryOption[] {
  let options = optionLists.get(locale);
  if (!options) {
    const collator = new Intl.Collator(locale);
    options = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    optionLists.set(locale, options);
  }
  return options;
}

/**
 * The browser's region as an ISO code ("en-US" → "US", "de" → "DE" by likely subtags), sent as
 * `default_region` so that a phone typed without its country code is read as a local number there;
 * undefined when the language names no region the server knows.
 */
export function browserRegion(
  language: string = typeof navigator === 'undefined' ? '' : navigator.language,
): string | undefined {
  if (!language) return undefined;
  try {
    const region = new Intl.Locale(language).maximize().region;
    return region && COUNTRY_CODES.includes(region) ? region : undefined;
  } catch {
    return undefined;
  }
}

/** The data with `default_region` = the browser's region (a form's transform); as it is when that is unknown. */
export function withBrowserRegion<T extends object>(data: T): T & { default_region?: string } {
  const region = browserRegion();
  return region ? { ...data, default_region: region } : data;
}

/** Zone → country, built once from ICU's zones of each country (Intl.Locale's timeZones, getTimeZones() in newer engines). */
let zoneCountries: Map<string, string> | undefined;

/**
 * The country of an IANA zone ("America/New_York" → "US"); undefined for a zone of no country (UTC,
 * Etc/GMT+5) or where the engine does not list zones per country (Firefox): the caller falls back.
 */
export function zoneCountry(zone: string): string | undefined {
  if (!zoneCountries) {
    zoneCountries = new Map();
    for (const code of COUNTRY_CODES) {
      try {
        const locale = new Intl.Locale(`und-${code}`) as Intl.Locale & {
          timeZones?: string[];
          getTimeZones?: () => string[] | undefined;
        };
        const zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
        for (const z of zones) if (!zoneCountries.has(z)) zoneCountries.set(z, code);
      } catch {
        // A code the engine does not take: its zones stay unknown.
      }
    }
  }
  return zoneCountries.get(zone);
}

/**
 * Where the visitor most likely is, for a phone example and a number typed without its country code:
 * the country of the browser's time zone (a German with an en-US browser in Berlin is in Germany), else the
 * browser language's region ("en-US" → US, "de" → DE), else undefined.
 */
export function visitorRegion(
  language: string = typeof navigator === 'undefined' ? '' : navigator.language,
  zone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string | undefined {
  const byZone = zone ? zoneCountry(zone) : undefined;
  return byZone && COUNTRY_CODES.includes(byZone) ? byZone : browserRegion(language);
}
