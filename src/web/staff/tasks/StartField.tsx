import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

export const START_CHOICES = ['now', '15', '30', '45', '60', '75', '90'] as const;
export type StartIn = (typeof START_CHOICES)[number];

/** Start now or in 15…90 minutes (spec, section 9). */
export function StartField({ value, onChange, error }: { value: StartIn | ''; onChange: (v: StartIn) => void; error?: string }) {
  const translate = useTranslate();
  return (
    <TextField
      select
      required
      label={translate('atrium.staff.tasks.fields.start')}
      value={value}
      onChange={(e) => onChange(e.target.value as StartIn)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { 'data-testid': 'task-start' } }}
    >
      {START_CHOICES.map((c) => (
        <MenuItem key={c} value={c}>
          {translate(`atrium.staff.tasks.start_in.${c}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
