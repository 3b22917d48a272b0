import type { ReactNode } from 'react';
import { deDE, enUS, ruRU, type Localization } from '@mui/material/locale';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useLocaleState, useTranslate } from 'react-admin';

const MUI_TEXTS: Record<string, Localization> = { ru: ruRU, en: enUS, de: deDE };

type Components = Record<string, { defaultProps?: object } | undefined>;

/**
 * The theme with Material UI's own texts (Autocomplete's Open/Clear, pagination…) in the given language,
 * and a name for every spinner: react-admin's own (a select's choices loading) have none, which screen
 * readers announce as a nameless progress bar. A spinner given its own name or hidden keeps that.
 */
function localized(outer: Theme, texts: Localization, loading: string): Theme {
  const own = (outer.components ?? {}) as Components;
  const components: Components = { ...own };
  const ours: Components = { MuiCircularProgress: { defaultProps: { 'aria-label': loading } } };
  for (const [name, value] of Object.entries({ ...ours, ...((texts.components ?? {}) as Components) })) {
    components[name] = { ...own[name], defaultProps: { ...own[name]?.defaultProps, ...value?.defaultProps } };
  }
  return { ...outer, components };
}

/** Material UI's built-in texts follow the interface language, switching with it. */
export function LocaleTheme({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const texts = MUI_TEXTS[locale] ?? ruRU;
  const loading = translate('atrium.loading');
  return <ThemeProvider theme={(outer: Theme) => localized(outer, texts, loading)}>{children}</ThemeProvider>;
}
