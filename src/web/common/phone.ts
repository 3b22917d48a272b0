import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';

// Apart from common/format.ts: libphonenumber's metadata (about 100 KB) loads only with screens that show a phone.
/**
 * A phone as stored (E.164, "+49301234003") shown grouped the international way ("+49 30 1234003");
 * what does not parse is shown as it is.
 */
export function fmtPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/**
 * A mobile number of the country (ISO alpha-2) grouped the international way, as a form's example
 * ("+1 201 555 0123" for US); '' for a country libphonenumber has no example of.
 */
export function phoneExample(country: string): string {
  try {
    return getExampleNumber(country as CountryCode, examples)?.formatInternational() ?? '';
  } catch {
    return '';
  }
}
