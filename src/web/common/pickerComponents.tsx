import type { ComponentProps } from 'react';
import { useLocaleState } from 'react-admin';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker as MuiDatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker as MuiDateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { TimePicker as MuiTimePicker } from '@mui/x-date-pickers/TimePicker';
import { deDE, enUS, ruRU } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/ru';

// en-gb rather than en: the product writes dates DD/MM/YYYY and times HH:mm in every language.
const ADAPTER_LOCALE: Record<string, string> = { ru: 'ru', en: 'en-gb', de: 'de' };
const TEXTS = { ru: ruRU, en: enUS, de: deDE } as const;

/**
 * MUI X's pickers in the interface language: dayjs underneath, the locale's own texts (toolbar, "OK",
 * "Cancel"). Loaded only when a screen shows a picker (common/pickers.tsx), not with every page.
 */
function Localized({ children }: { children: React.ReactNode }) {
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

export const DatePicker = (props: ComponentProps<typeof MuiDatePicker>) => (
  <Localized>
    <MuiDatePicker {...props} />
  </Localized>
);

export const DateTimePicker = (props: ComponentProps<typeof MuiDateTimePicker>) => (
  <Localized>
    <MuiDateTimePicker {...props} />
  </Localized>
);

export const TimePicker = (props: ComponentProps<typeof MuiTimePicker>) => (
  <Localized>
    <MuiTimePicker {...props} />
  </Localized>
);
