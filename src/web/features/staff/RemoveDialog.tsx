import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { Form, required, useDelete, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { FormRefusal } from '../../common/forms';
import { useUrlDialog } from '../../common/urlState';
import { StaffPickerInput } from './StaffPicker';
import { actionErrorText, type Staff } from './useStaffAction';

type Values = { hand_over_to?: number };
// The dialog's form is not about the consultant of the row it opens from.
const NO_RECORD = {};
const pickOne = required('atrium.staff.people.select_consultant');

function RemoveSubmit() {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" color="error" variant="contained" disabled={isSubmitting}>
      {translate('atrium.staff.list.remove_confirm')}
    </Button>
  );
}

/**
 * Removes a consultant after confirmation (`?remove=<id>`); their users, open tasks and tickets go to
 * the one picked in the dialog's form.
 */
export function RemoveButton() {
  const record = useRecordContext<Staff>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [remove] = useDelete();
  const { open, show, close } = useUrlDialog('remove', record?.id);
  if (!record) return null;
  const submit = ({ hand_over_to }: Values) =>
    new Promise<Record<string, unknown> | undefined>((resolve) => {
      void remove(
        'staff-users',
        { id: record.id, previousData: record, meta: { hand_over_to } },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => {
            notify(translate('atrium.staff.list.removed'), { type: 'success' });
            close();
            refresh();
            resolve(undefined);
          },
          onError: (e) => {
            resolve({ root: { server: actionErrorText(e, translate) } });
          },
        },
      );
    });
  const name = `${record.first_name} ${record.last_name}`;
  return (
    <>
      <Button size="small" color="error" onClick={show}>
        {translate('atrium.staff.list.remove')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <Form<Values> record={NO_RECORD} onSubmit={submit} noValidate disableInvalidFormNotification>
          <DialogTitle>{translate('atrium.staff.list.remove_title', { name })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>{translate('atrium.staff.list.remove_content')}</DialogContentText>
              <FormRefusal />
              <StaffPickerInput
                source="hand_over_to"
                validate={pickOne}
                exclude={record.id}
                label={translate('atrium.staff.list.hand_over_to')}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('atrium.staff.list.cancel')}</Button>
            <RemoveSubmit />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
