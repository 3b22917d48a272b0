import { de } from './de';
import { en } from './en';
import { ru } from './ru';

/** Every area's messages in the three languages: loaded with the signed-in app (providers/i18nProvider.ts). */
export const catalogues = { ru, en, de };
