import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { FieldErrors } from '../errors';

/**
 * Phones are stored in E.164 (+79161234567). A number typed with its country code (+…, 00…) is read
 * as it says; one without is read in a region: the person's country when known, else the form's or
 * the import's default region. "8 (916) 123-45-67" in RU is +79161234567, "06 12 34 56 78" in FR
 * +33612345678. libphonenumber-js (full metadata) decides whether it is a real number.
 */

export type ParsedPhone = {
  /** E.164, e.g. +79161234567. */
  e164: string;
  /** True when the number carried no country code: its country came from the region (or was guessed from its first digits). */
  regionUsed: boolean;
};

/** Digits, spaces and the usual separators, with a leading + or not: anything else is not a phone. */
const PHONE_TEXT = /^\+?[\d\s().\-/]{4,40}$/;

const valid = (text: string, region?: string) => {
  const n =
    region && isSupportedCountry(region) ? parsePhoneNumberFromString(text, region) : parsePhoneNumberFromString(text);
  return n?.isValid() ? n.number : null;
};

/** The country (ISO alpha-2) a phone in E.164 belongs to, when its number tells. */
export function phoneCountry(e164: string | null | undefined): string | undefined {
  return e164 ? parsePhoneNumberFromString(e164)?.country : undefined;
}

/** The phone in E.164, or null when it is not a valid number (in `region`, an ISO alpha-2 code, when it has no country code). */
export function parsePhone(input: string, region?: string | null): ParsedPhone | null {
  const text = input.trim();
  if (!PHONE_TEXT.test(text)) return null;
  if (text.startsWith('+') || text.startsWith('00')) {
    const e164 = valid(`+${text.replace(/^(\+|00)/, '')}`);
    return e164 ? { e164, regionUsed: false } : null;
  }
  const inRegion = region ? valid(text, region) : null;
  if (inRegion) return { e164: inRegion, regionUsed: true };
  // Without a region, or not a number there: digits that start with a country code ("4930123456").
  const international = valid(`+${text}`);
  return international ? { e164: international, regionUsed: true } : null;
}

/**
 * A form's phone in E.164, read in the person's country, else the form's default region; a 400
 * 'Phone is incorrect' on `field` when it is not a phone. '' stays '' (no phone).
 */
export function formPhone(
  input: string,
  country: string | null | undefined,
  defaultRegion: string | null | undefined,
  field = 'phone',
): string {
  if (!input.trim()) return '';
  const parsed = parsePhone(input, country || defaultRegion);
  if (!parsed) throw FieldErrors.of(field, 'phone_incorrect');
  return parsed.e164;
}

/**
 * The visitor's region from an Accept-Language header: the first tag with a supported region
 * ("de-DE,de;q=0.9" → DE, "en-US" → US), else undefined. A public form's default region when the
 * form sends none.
 */
export function regionFromHeader(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(',')) {
    const region = /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(part.trim())?.[1]?.toUpperCase();
    if (region && isSupportedCountry(region)) return region;
  }
  return undefined;
}
