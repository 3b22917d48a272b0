import type { ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { deDE, enUS, ruRU } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/ru';

// en-gb rather than en: the product writes dates DD/MM/YYYY and times HH:mm in every language.
const ADAPTER_LOCALE: Record<string, string> = { ru: 'ru', en: 'en-gb', de: 'de' };
const TEXTS = { ru: ruRU, en: enUS, de: deDE } as const;

/**
 * MUI X Date and Time Pickers for every screen, in the interface language: dayjs underneath, the
 * locale's own texts (toolbar, "OK", "Cancel"), and the product's DD/MM/YYYY and 24-hour HH:mm.
 */
export function PickersProvider({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const lang = locale in TEXTS ? (locale as keyof typeof TEXTS) : 'ru';
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={ADAPTER_LOCALE[lang]}
      localeText={TEXTS[lang].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}

/** The formats every picker shows, whatever the locale's own would be. */
export const PICKER_FORMAT = { date: 'DD/MM/YYYY', time: 'HH:mm', dateTime: 'DD/MM/YYYY HH:mm' } as const;
