import { describe, expect, it } from 'vitest';
import { fmtPhone } from '../../src/web/common/phone';

describe('phones on the web: stored in E.164, shown grouped', () => {
  it('groups a stored number the international way', () => {
    expect(fmtPhone('+49301234003')).toBe('+49 30 1234003');
    expect(fmtPhone('+79161234567')).toBe('+7 916 123 45 67');
    expect(fmtPhone('+12025550199')).toBe('+1 202 555 0199');
  });
  it('shows nothing for no phone, and what does not parse as it is', () => {
    expect(fmtPhone(null)).toBe('');
    expect(fmtPhone('')).toBe('');
    expect(fmtPhone('12')).toBe('12');
  });
});
