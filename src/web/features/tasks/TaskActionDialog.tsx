import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Form, required, SaveButton, TextInput, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import type { SchemaTask, SchemaTaskStartIn, SchemaTaskUpdateRequest } from '../../../api/schema';
import { fieldErrorsOf, formErrors } from '../../common/errors';
import { StartField } from './StartField';
import { validatorsFor } from '../../../api/validators';

const rules = validatorsFor('TaskUpdateRequest');

export type TaskAction = 'complete' | 'cancel' | 'reschedule';

const TITLES: Record<TaskAction, string> = {
  complete: 'atrium.tasks.complete_title',
  cancel: 'atrium.tasks.cancel_title',
  reschedule: 'atrium.tasks.reschedule_title',
};
const DONE: Record<TaskAction, string> = {
  complete: 'atrium.tasks.completed',
  cancel: 'atrium.tasks.canceled',
  reschedule: 'atrium.tasks.rescheduled',
};
const SUBMIT: Record<TaskAction, string> = {
  complete: 'atrium.tasks.complete',
  cancel: 'atrium.tasks.cancel_task',
  reschedule: 'atrium.tasks.reschedule',
};
const ICONS = { complete: <CheckIcon />, cancel: <CloseIcon />, reschedule: <ScheduleIcon /> };
const FIELDS = ['result', 'start_in'] as const;

type Values = { result?: string; start_in?: SchemaTaskStartIn };

/** Complete (with a result), cancel (confirmation, optional reason) or reschedule one task: the tasks resource's update as an action. */
export function TaskActionDialog({
  task,
  action,
  onClose,
}: {
  task: SchemaTask;
  action: TaskAction;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<SchemaTask>();
  const submit = async (values: Values) => {
    const data: Omit<SchemaTaskUpdateRequest, 'task_id'> =
      action === 'reschedule' ? { action, start_in: values.start_in } : { action, result: values.result || undefined };
    try {
      await update(
        'tasks',
        { id: task.id, data, previousData: task },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      // Field errors go under their fields (returned to the form); the rest is told.
      const { alert } = formErrors(error, translate, FIELDS);
      if (alert) notify(alert, { type: 'error', multiLine: true });
      return fieldErrorsOf(error);
    }
    notify(DONE[action], { type: 'success' });
    // The task leaves its tab: the list and the tab counts are read again.
    refresh();
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="task-action-title">
      <Form<Values> onSubmit={submit} noValidate>
        <DialogTitle id="task-action-title">{translate(TITLES[action])}</DialogTitle>
        <DialogContent>
          <Stack sx={{ pt: 1 }}>
            {action === 'reschedule' ? (
              <StartField />
            ) : (
              <TextInput
                multiline
                minRows={2}
                source="result"
                label={action === 'complete' ? 'atrium.tasks.fields.result' : 'atrium.tasks.cancel_reason'}
                validate={action === 'complete' ? [required('atrium.tasks.fill_field'), ...rules.result] : rules.result}
                helperText={false}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('atrium.tasks.cancel')}</Button>
          <SaveButton
            label={SUBMIT[action]}
            icon={ICONS[action]}
            color={action === 'cancel' ? 'error' : 'primary'}
            alwaysEnable={!isPending}
            disabled={isPending}
          />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
