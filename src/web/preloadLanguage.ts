import { getToken } from '../api/client';
import { appLanguageMessages, initialLocale, languageMessages } from './providers/startingLocale';

/**
 * Loaded by index.html as an async module beside the entry: the starting language's messages
 * are asked for as soon as this small script arrives, alongside the app's own scripts, not after them (the
 * entry runs only once all of its scripts are here, and startI18n then finds this language loaded).
 */
void languageMessages(initialLocale());
// Signed in, the app's messages in that language too, which the signed-in app waits for (loadAdminApp.ts).
if (getToken()) appLanguageMessages(initialLocale()).catch(() => undefined);
