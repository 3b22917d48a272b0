/**
 * Test files that run on fresh modules although their project shares modules between the files of a
 * worker (`isolate: false` in vitest.config.ts): each mocks a module or puts a global of its own
 * (localStorage, navigator, EventSource), which would reach the other files of its worker.
 * tests/unit/fresh-modules.test.ts fails when a file that does so is missing here.
 */
export const UNIT_FRESH = ['tests/unit/out-of-space.test.ts'];

export const WEB_FRESH = [
  'tests/web/account-adapters.test.ts',
  'tests/web/accounts.test.ts',
  'tests/web/admin-adapters.test.ts',
  'tests/web/countries.test.ts',
  'tests/web/notifications-stream.test.ts',
  'tests/web/simple-rest-provider.test.ts',
  'tests/web/uploads-method.test.ts',
];
