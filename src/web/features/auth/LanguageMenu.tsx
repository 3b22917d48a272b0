import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LanguageIcon from '@mui/icons-material/Language';
import { useLocales, useLocaleState } from 'react-admin';
import { rememberLocale } from '../../providers/i18nProvider';

/**
 * The public screens' language menu. Unlike react-admin's LocalesMenuButton, picking the language already
 * shown counts as a choice too (it is remembered), so the account takes it at login instead of the
 * interface following the account's.
 */
export function LanguageMenu() {
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (next: string) => () => {
    rememberLocale(next);
    setLocale(next);
    setAnchor(null);
  };
  return (
    <>
      <Button
        color="inherit"
        aria-controls="language-menu"
        aria-haspopup="true"
        onClick={(e) => {
          setAnchor(e.currentTarget);
        }}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languages.find((l) => l.locale === locale)?.name ?? locale}
      </Button>
      <Menu
        id="language-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => {
          setAnchor(null);
        }}
      >
        {languages.map((l) => (
          <MenuItem key={l.locale} onClick={choose(l.locale)} selected={l.locale === locale}>
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
