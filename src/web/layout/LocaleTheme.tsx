import type { ReactNode } from 'react';
import { deDE, enUS, ruRU, type Localization } from '@mui/material/locale';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useLocaleState } from 'react-admin';

const MUI_TEXTS: Record<string, Localization> = { ru: ruRU, en: enUS, de: deDE };

type Components = Record<string, { defaultProps?: object } | undefined>;

/** The theme with Material UI's own texts (Autocomplete's Open/Clear, pagination…) in the given language. */
function localized(outer: Theme, texts: Localization): Theme {
  const own = (outer.components ?? {}) as Components;
  const components: Components = { ...own };
  for (const [name, value] of Object.entries((texts.components ?? {}) as Components)) {
    components[name] = { ...own[name], defaultProps: { ...own[name]?.defaultProps, ...value?.defaultProps } };
  }
  return { ...outer, components };
}

/** Material UI's built-in texts follow the interface language, switching with it. */
export function LocaleTheme({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const texts = MUI_TEXTS[locale] ?? ruRU;
  return <ThemeProvider theme={(outer: Theme) => localized(outer, texts)}>{children}</ThemeProvider>;
}
