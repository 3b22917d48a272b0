import { useState } from 'react';
import {
  Alert,
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
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { useStaffAction, type Staff } from './useStaffAction';

type Member = { id: number; first_name: string; last_name: string; email: string | null };

/** Gives a user (found by name or email) to the consultant of this row. */
export function GiveAwayButton() {
  const record = useRecordContext<Staff>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [user, setUser] = useState<Member | null>(null);
  const [error, setError] = useState('');
  const { run, isPending } = useStaffAction();
  const { data = [] } = useGetList<Member>(
    'staff-users',
    { pagination: { page: 1, perPage: 20 }, filter: { role: 'member', q } },
    { enabled: open },
  );
  if (!record) return null;
  const label = (m: Member) => `${m.first_name} ${m.last_name}${m.email ? ` · ${m.email}` : ''}`;
  // The action runs on the given user's row: their new responsible is this row's consultant.
  const submit = () => {
    if (user)
      run(
        { ...user, id: user.id },
        { action: 'give_away', consultant_id: record.id },
        () => {
          setOpen(false);
        },
        setError,
      );
  };
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setUser(null);
          setError('');
          setOpen(true);
        }}
      >
        {translate('atrium.admin.list.give_away')}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle>
          {translate('atrium.admin.list.give_away_title', { name: `${record.first_name} ${record.last_name}` })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{translate('atrium.admin.list.give_away_content')}</DialogContentText>
            {error && <Alert severity="error">{error}</Alert>}
            <Autocomplete
              options={data}
              value={user}
              getOptionLabel={label}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_e, v) => {
                setUser(v);
              }}
              onInputChange={(_e, v, reason) => {
                if (reason === 'input') setQ(v);
              }}
              renderInput={(params) => <TextField {...params} label={translate('atrium.admin.list.user')} />}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setOpen(false);
            }}
          >
            {translate('atrium.admin.list.cancel')}
          </Button>
          <Button variant="contained" onClick={submit} disabled={isPending || !user}>
            {translate('atrium.admin.list.give_away_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
