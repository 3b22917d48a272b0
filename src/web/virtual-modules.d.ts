/** A language's messages for the public screens, built by vite.config.ts (publicMessages). */
declare module 'virtual:atrium-public-messages/*' {
  import type { TranslationMessages } from 'ra-core';

  export const messages: TranslationMessages;
}
