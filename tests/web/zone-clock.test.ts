import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmZoneClock, zoneOffset } from '../../src/web/common/zoneClock';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the signed-in start makes the page's first date formatter in the browser's idle time", () => {
  it('formats nothing at once, and a date in the zone when the browser is idle', () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('window', { requestIdleCallback: (f: () => void) => idle.push(f) });
    const made = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    warmZoneClock();
    expect(made).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(made).toHaveBeenCalledOnce();
  });

  it('waits for a timer where the browser has no idle callback (Safari)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      vi.stubGlobal('window', {});
      const made = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
      warmZoneClock();
      expect(made).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(made).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives a zone's offset at an instant, its summer time included", () => {
    expect(zoneOffset(Date.UTC(2026, 0, 15), 'Europe/Berlin')).toBe(60);
    expect(zoneOffset(Date.UTC(2026, 6, 15), 'Europe/Berlin')).toBe(120);
    expect(zoneOffset(Date.UTC(2026, 6, 15), 'America/Los_Angeles')).toBe(-420);
  });
});
