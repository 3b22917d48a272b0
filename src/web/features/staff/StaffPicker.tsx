import type { ReactNode } from 'react';
import { MenuItem, TextField } from '@mui/material';
import {
  ValidationError,
  useCanAccess,
  useGetIdentity,
  useGetList,
  useInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { Staff } from './useStaffAction';

/**
 * Picks a consultant (or an admin) who is not blocked; `exclude` leaves one out (the user themself).
 * An admin picks among all staff; a consultant among themselves and the consultants of their structure.
 */
export function StaffPicker(props: {
  value: number | '';
  onChange: (id: number) => void;
  exclude?: number;
  label?: string;
  error?: ReactNode;
}) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { canAccess: isAdmin = false } = useCanAccess({ action: 'list', resource: 'admin-tools' });
  const consultants = useGetList<Staff>('staff-users', {
    pagination: { page: 1, perPage: 100 },
    filter: { role: 'consultant' },
  });
  const admins = useGetList<Staff>(
    'staff-users',
    { pagination: { page: 1, perPage: 100 }, filter: { role: 'admin' } },
    { enabled: isAdmin },
  );
  const profile = identity?.profile as
    { id: number; first_name: string; last_name: string; email: string | null } | undefined;
  // The consultant's own list holds the consultants they manage, not themselves.
  const me: Staff[] =
    !isAdmin && profile
      ? [{ id: profile.id, first_name: profile.first_name, last_name: profile.last_name, email: profile.email }]
      : [];
  const options = [...me, ...(consultants.data ?? []), ...(isAdmin ? (admins.data ?? []) : [])].filter(
    (s, i, all) => s.id !== props.exclude && !s.is_blocked && all.findIndex((o) => o.id === s.id) === i,
  );
  return (
    <TextField
      select
      fullWidth
      label={props.label ?? translate('atrium.staff.people.consultant')}
      value={options.some((o) => o.id === props.value) ? props.value : ''}
      onChange={(e) => {
        props.onChange(Number(e.target.value));
      }}
      error={!!props.error}
      helperText={props.error}
    >
      {options.map((s) => (
        <MenuItem key={s.id} value={s.id}>{`${s.first_name} ${s.last_name}${s.email ? ` · ${s.email}` : ''}`}</MenuItem>
      ))}
    </TextField>
  );
}

/** StaffPicker as an input of a react-admin form: the form holds the id, its error shows under the picker. */
export function StaffPickerInput({
  source,
  validate,
  exclude,
  label,
}: {
  source: string;
  validate?: Validator | Validator[];
  exclude?: number;
  label?: string;
}) {
  const { field, fieldState } = useInput({ source, validate });
  const message = fieldState.error?.message;
  return (
    <StaffPicker
      value={(field.value as number | null | undefined) ?? ''}
      onChange={(id) => {
        field.onChange(id);
      }}
      exclude={exclude}
      label={label}
      error={message ? <ValidationError error={message} /> : undefined}
    />
  );
}
