import { localStorageStore } from 'react-admin';
import { chosenLocale } from './i18nProvider';

/** What <Admin> keeps by default (the language, sidebar and list preferences), kept across reloads. */
export const store = localStorageStore();
// One remembered language: the one the API is told (i18nProvider.ts) wins over react-admin's copy.
const remembered = chosenLocale();
if (remembered) store.setItem('locale', remembered);
