import { MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { Staff } from './useStaffAction';

/** Picks a consultant (or an admin) who is not blocked; `exclude` leaves one out (the user themself). */
export function StaffPicker(props: { value: number | ''; onChange: (id: number) => void; exclude?: number; label?: string; error?: string }) {
  const translate = useTranslate();
  const consultants = useGetList<Staff>('staff-users', { pagination: { page: 1, perPage: 100 }, filter: { role: 'consultant' } });
  const admins = useGetList<Staff>('staff-users', { pagination: { page: 1, perPage: 100 }, filter: { role: 'admin' } });
  const options = [...(consultants.data ?? []), ...(admins.data ?? [])].filter((s) => s.id !== props.exclude && !s.is_blocked);
  return (
    <TextField
      select
      fullWidth
      label={props.label ?? translate('atrium.admin.people.consultant')}
      value={options.some((o) => o.id === props.value) ? props.value : ''}
      onChange={(e) => props.onChange(Number(e.target.value))}
      error={!!props.error}
      helperText={props.error}
    >
      {options.map((s) => (
        <MenuItem key={s.id} value={s.id}>{`${s.first_name} ${s.last_name}${s.email ? ` · ${s.email}` : ''}`}</MenuItem>
      ))}
    </TextField>
  );
}
