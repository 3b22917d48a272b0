let offsetMs = 0;

/**
 * The app's clock for expiring links and codes. Tests move it forward (only when the server runs with
 * TEST_CLOCK=1, through POST /__test__/clock) instead of waiting an hour.
 */
export const clock = {
  now: () => new Date(Date.now() + offsetMs),
  advance: (ms: number) => {
    offsetMs += ms;
  },
  reset: () => {
    offsetMs = 0;
  },
};
