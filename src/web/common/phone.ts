import { parsePhoneNumberFromString } from 'libphonenumber-js';

// Apart from common/format.ts: libphonenumber's metadata (about 100 KB) loads only with screens that show a phone.
/**
 * A phone as stored (E.164, "+49301234003") shown grouped the international way ("+49 30 1234003");
 * what does not parse is shown as it is.
 */
export function fmtPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}
