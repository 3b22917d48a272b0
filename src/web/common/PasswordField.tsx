import { useState } from 'react';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslate } from 'react-admin';

/**
 * A password input with a show/hide toggle button (the sign-in screens, the profile's current password). The button is named by its title (not aria-label),
 * so "the field labelled Password" stays one element for assistive tech and tests alike.
 */
export function PasswordField(props: TextFieldProps) {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  const label = translate(visible ? 'atrium.auth.hide_password' : 'atrium.auth.show_password');
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                title={label}
                edge="end"
                onClick={() => {
                  setVisible((v) => !v);
                }}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
