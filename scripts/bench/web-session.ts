import type { BrowserContextOptions } from '@playwright/test';

/** A demo account's session as the login call answers it. */
export type WebSession = { token: string; user: { id: number; language: string } };

/**
 * A browser's stored state for a cold load: signed in as `session` on `base` (where the login screen leaves
 * the session, in the account's language, as a returning user's browser holds it), or empty.
 */
export function signedInState(base: string, session?: WebSession): BrowserContextOptions['storageState'] {
  return {
    cookies: [],
    origins: session
      ? [
          {
            origin: base,
            localStorage: [
              { name: 'atrium:token', value: session.token },
              { name: 'atrium:user', value: JSON.stringify(session.user) },
              { name: 'atrium:locale', value: session.user.language },
            ],
          },
        ]
      : [],
  };
}
