import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useDelete, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { StaffPicker } from './StaffPicker';
import { actionErrorText, type Staff } from './useStaffAction';

/** Removes a consultant after confirmation; their users, open tasks and tickets go to the one picked. */
export function RemoveButton() {
  const record = useRecordContext<Staff>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [remove, { isPending }] = useDelete();
  const [open, setOpen] = useState(false);
  const [heir, setHeir] = useState<number | ''>('');
  const [error, setError] = useState('');
  if (!record) return null;
  const confirm = () => {
    if (!heir) {
      setError(translate('atrium.staff.people.select_consultant'));
      return;
    }
    void remove(
      'staff-users',
      { id: record.id, previousData: record, meta: { hand_over_to: heir } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(translate('atrium.staff.list.removed'), { type: 'success' });
          setOpen(false);
          refresh();
        },
        onError: (e) => {
          setError(actionErrorText(e, translate));
        },
      },
    );
  };
  const name = `${record.first_name} ${record.last_name}`;
  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={() => {
          setError('');
          setHeir('');
          setOpen(true);
        }}
      >
        {translate('atrium.staff.list.remove')}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle>{translate('atrium.staff.list.remove_title', { name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{translate('atrium.staff.list.remove_content')}</DialogContentText>
            {error && <Alert severity="error">{error}</Alert>}
            <StaffPicker
              value={heir}
              onChange={setHeir}
              exclude={record.id}
              label={translate('atrium.staff.list.hand_over_to')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setOpen(false);
            }}
          >
            {translate('atrium.staff.list.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={isPending}>
            {translate('atrium.staff.list.remove_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
