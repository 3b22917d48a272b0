/** A language's messages for the public screens, built by vite.config.ts (publicMessages). */
declare module 'virtual:atrium-public-messages/*' {
  import type { TranslationMessages } from 'ra-core';

  export const messages: TranslationMessages;
}

/** A language's messages for the signed-in app, every area's, built by vite.config.ts (appMessages). */
declare module 'virtual:atrium-app-messages/*' {
  export const messages: object;
}
