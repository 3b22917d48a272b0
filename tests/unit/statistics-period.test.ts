import { describe, expect, it } from 'vitest';
import { localToday } from '../../src/server/services/statistics/period';

describe('localToday', () => {
  it('turns the date at local midnight, also in zones off the hour, though each zone keeps a date per minute', () => {
    // Kathmandu is UTC+05:45: its midnight is 18:15 UTC.
    expect(localToday('Asia/Kathmandu', new Date('2026-11-21T18:14:00Z'))).toBe('2026-11-21');
    expect(localToday('Asia/Kathmandu', new Date('2026-11-21T18:14:59.999Z'))).toBe('2026-11-21');
    expect(localToday('Asia/Kathmandu', new Date('2026-11-21T18:15:00Z'))).toBe('2026-11-22');
    // Chatham is UTC+13:45 in its summer.
    expect(localToday('Pacific/Chatham', new Date('2026-11-21T10:14:30Z'))).toBe('2026-11-21');
    expect(localToday('Pacific/Chatham', new Date('2026-11-21T10:15:00Z'))).toBe('2026-11-22');
    // A clock moved back gets the earlier date again.
    expect(localToday('Asia/Kathmandu', new Date('2026-11-20T12:00:00Z'))).toBe('2026-11-20');
    expect(localToday('America/St_Johns', new Date('2026-11-22T03:29:00Z'))).toBe('2026-11-21');
    expect(localToday('America/St_Johns', new Date('2026-11-22T03:30:00Z'))).toBe('2026-11-22');
  });
});
