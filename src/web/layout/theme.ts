import { defaultTheme, type RaThemeOptions } from 'react-admin';
// Types only: lets the theme name MUI X's field (MuiPickersTextField) without loading the pickers.
import type {} from '@mui/x-date-pickers/themeAugmentation';

/** Aria attributes given to a checkbox go to its <input>, not to the <span> around it (axe: label, aria-prohibited-attr). */
type CheckboxOwner = { 'aria-label'?: string };

/** The id of the AppBar's hidden "Loading…" text, which names react-admin's loading spinner. */
export const LOADING_LABEL_ID = 'atrium-loading-label';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#3949ab' },
    // Darker than Material's defaults, so white text on them meets WCAG AA (4.5:1).
    secondary: { main: '#00796b' },
    warning: { main: '#b45309' },
  },
  shape: { borderRadius: 10 },
  // Wider than react-admin's 240 px, so the longest section title (АДМИНИСТРИРОВАНИЕ) is not cut.
  sidebar: { width: 280, closedWidth: 55 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    ...defaultTheme.components,
    // People who ask their system for less motion get no endless animation: spinners, progress bars and
    // skeletons stand still (their first run ends at once). No frame is drawn for them either, which spares the
    // E2E's browsers (they ask for reduced motion) about a fifth of their compositing (staff.spec 14.3 → 11.7 s).
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
          },
        },
      },
    },
    // MUI X's pickers draw their own field (not MUI's TextField), so react-admin's filled, dense default
    // missed them: the task dialog's End time stood outlined among filled inputs (#40 finding 17).
    MuiPickersTextField: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small' } },
    // react-admin's empty state greys its message with opacity 0.5, below AA contrast.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: 'rgba(0, 0, 0, 0.64)' } } } },
    // react-admin's AppBar spinner has no name (axe: aria-progressbar-name); the AppBar holds the translated one.
    RaLoadingIndicator: { defaultProps: { 'aria-labelledby': LOADING_LABEL_ID } },
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (owner: CheckboxOwner) => (owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}),
        },
      },
    },
  },
};
