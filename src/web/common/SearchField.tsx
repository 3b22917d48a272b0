import { useEffect, useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';

/** A search box that reports its text 300 ms after the member stops typing (Enter reports at once). */
export function SearchField({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (q: string) => void;
  label: string;
}) {
  const translate = useTranslate();
  const [text, setText] = useState(value);
  // The address changed the search (Back, a link): the field shows it (set while rendering, as React advises).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => {
      onChange(text.trim());
    }, 300);
    return () => {
      clearTimeout(t);
    };
  }, [text, value, onChange]);
  return (
    <TextField
      type="search"
      size="small"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChange(text.trim());
      }}
      label={label}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label={translate('atrium.learning.common.clear_search')}
                onClick={() => {
                  setText('');
                  onChange('');
                }}
              >
                <Clear fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
