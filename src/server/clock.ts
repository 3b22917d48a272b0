let offsetMs = 0;
const listeners = new Set<() => void>();

/**
 * The app's clock for expiring links and codes. Tests move it forward (only when the server runs with
 * TEST_CLOCK=1, through POST /__test__/clock) instead of waiting an hour.
 */
export const clock = {
  now: () => new Date(Date.now() + offsetMs),
  advance: (ms: number) => {
    offsetMs += ms;
    for (const l of listeners) l();
  },
  /** Called after every advance (jobs/index.ts runs the time-driven queues then); returns the unsubscribe. */
  onAdvance: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  reset: () => {
    offsetMs = 0;
  },
};
