import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import type { SchemaTask } from '../../../api/schema';
import { StartField, type StartIn } from './StartField';
import { fieldErrors } from './TaskCreateDialog';

export type TaskAction = 'complete' | 'cancel' | 'reschedule';

const TITLES: Record<TaskAction, string> = {
  complete: 'atrium.staff.tasks.complete_title',
  cancel: 'atrium.staff.tasks.cancel_title',
  reschedule: 'atrium.staff.tasks.reschedule_title',
};
const DONE: Record<TaskAction, string> = {
  complete: 'atrium.staff.tasks.completed',
  cancel: 'atrium.staff.tasks.canceled',
  reschedule: 'atrium.staff.tasks.rescheduled',
};

/** Complete (with a result), cancel (confirmation, optional reason) or reschedule one task. */
export function TaskActionDialog({ task, action, onClose }: { task: SchemaTask; action: TaskAction; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [result, setResult] = useState('');
  const [start, setStart] = useState<StartIn | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [update, { isPending }] = useUpdate();
  const submit = () => {
    if (action === 'complete' && !result.trim()) return setErrors({ result: translate('atrium.staff.tasks.fill_field') });
    if (action === 'reschedule' && !start) return setErrors({ start_at: translate('atrium.staff.tasks.select_start') });
    const data = action === 'reschedule' ? { action, start_in: start } : { action, result: result || undefined };
    update(
      'tasks',
      { id: task.id, data, previousData: task },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(DONE[action], { type: 'success' });
          onClose();
        },
        onError: (err) => {
          const e = fieldErrors(err);
          if (Object.keys(e).length) setErrors(e);
          else notify((err as Error).message, { type: 'error' });
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="task-action-title">
      <DialogTitle id="task-action-title">{translate(TITLES[action])}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="task-action-form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {action === 'reschedule' ? (
            <StartField value={start} onChange={setStart} error={errors.start_at} />
          ) : (
            <TextField
              autoFocus
              multiline
              minRows={2}
              name="result"
              required={action === 'complete'}
              label={translate(action === 'complete' ? 'atrium.staff.tasks.fields.result' : 'atrium.staff.tasks.cancel_reason')}
              value={result}
              onChange={(e) => setResult(e.target.value)}
              error={Boolean(errors.result)}
              helperText={errors.result ?? errors.non_field_errors}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('atrium.staff.tasks.cancel')}</Button>
        <Button type="submit" form="task-action-form" variant="contained" color={action === 'cancel' ? 'error' : 'primary'} disabled={isPending}>
          {translate(action === 'complete' ? 'atrium.staff.tasks.complete' : action === 'cancel' ? 'atrium.staff.tasks.cancel_task' : 'atrium.staff.tasks.reschedule')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
