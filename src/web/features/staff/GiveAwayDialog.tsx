import { useState } from 'react';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { Form, useGetList, useInput, useRecordContext, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { FormRefusal } from '../../common/forms';
import { useUrlDialog } from '../../common/urlState';
import { useStaffAction, type Staff } from './useStaffAction';

type Member = { id: number; first_name: string; last_name: string; email: string | null };
type Values = { user?: Member | null };
// The dialog's form is not about the consultant of the row it opens from.
const NO_RECORD = {};

const label = (m: Member) => `${m.first_name} ${m.last_name}${m.email ? ` · ${m.email}` : ''}`;

/** The user, found by name or email as it is typed; the form holds the one picked. */
function UserInput() {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const { field } = useInput({ source: 'user', format: (v: unknown) => v ?? null, parse: (v: unknown) => v });
  const { data = [] } = useGetList<Member>('staff-users', {
    pagination: { page: 1, perPage: 20 },
    filter: { role: 'member', q },
  });
  return (
    <Autocomplete
      options={data}
      value={(field.value as Member | null) ?? null}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => {
        field.onChange(v);
      }}
      onInputChange={(_e, v, reason) => {
        if (reason === 'input') setQ(v);
      }}
      renderInput={(params) => <TextField {...params} name={field.name} label={translate('atrium.staff.list.user')} />}
    />
  );
}

/** Confirms; off until a user is picked, and while the call runs. */
function GiveAwaySubmit() {
  const translate = useTranslate();
  const user = useWatch<Values, 'user'>({ name: 'user' });
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting || !user}>
      {translate('atrium.staff.list.give_away_confirm')}
    </Button>
  );
}

/** Gives a user (found by name or email) to the consultant of this row (`?give_away=<id>`). */
export function GiveAwayButton() {
  const record = useRecordContext<Staff>();
  const translate = useTranslate();
  const { open, show, close } = useUrlDialog('give_away', record?.id);
  const { run } = useStaffAction();
  if (!record) return null;
  // The action runs on the given user's row: their new responsible is this row's consultant.
  const submit = ({ user }: Values) =>
    new Promise<Record<string, unknown> | undefined>((resolve) => {
      if (!user) {
        resolve(undefined);
        return;
      }
      run(
        { ...user, id: user.id },
        { action: 'give_away', consultant_id: record.id },
        () => {
          close();
          resolve(undefined);
        },
        (message) => {
          resolve({ root: { server: message } });
        },
      );
    });
  return (
    <>
      <Button size="small" onClick={show}>
        {translate('atrium.staff.list.give_away')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <Form<Values> record={NO_RECORD} onSubmit={submit} noValidate disableInvalidFormNotification>
          <DialogTitle>
            {translate('atrium.staff.list.give_away_title', { name: `${record.first_name} ${record.last_name}` })}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <DialogContentText>{translate('atrium.staff.list.give_away_content')}</DialogContentText>
              <FormRefusal />
              <UserInput />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('atrium.staff.list.cancel')}</Button>
            <GiveAwaySubmit />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
