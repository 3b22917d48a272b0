import fs from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import { CHROMIUM_ARGS } from '../chromium-args';

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

/** Debian's full Chromium, the browser `npm run bench:web`'s figures in issue 41 were measured in. */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The page-load benches' browser (frontend.ts, web-ab.ts, web-trace.ts): Debian's Chromium when installed,
 * Playwright's own otherwise, with the E2E runs' common switches but not their CPU savings (V8's optimizing
 * tiers stay on, the GPU keeps its own process), so that a page runs as in a person's browser.
 */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: fs.existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    args: [...CHROMIUM_ARGS],
  });
}
