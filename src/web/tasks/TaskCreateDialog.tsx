import { useMemo, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  AutocompleteInput,
  CreateBase,
  Form,
  SaveButton,
  SelectInput,
  TextInput,
  useGetList,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { SchemaTask, SchemaTaskCreateRequest, SchemaUserBrief } from '../../api/schema';
import { validatorsFor } from '../../api/validators';
import type { TaskLinkUsersFilter } from '../providers/data/tasks';
import { InstantInput } from '../common/inputs';
import { formErrors } from '../common/errors';
import { StartField, TASK_TYPE_CHOICES } from './StartField';

const FIELDS = ['type', 'start_in', 'end_at', 'linked_user_id', 'description'] as const;
// The contract's limits, with the tasks' own wording for an empty field.
const rules = validatorsFor('TaskCreateRequest', {
  description: { presence: 'atrium.tasks.fill_field' },
  linked_user_id: { presence: 'atrium.tasks.fill_field' },
});
const userLabel = (u: SchemaUserBrief & { email?: string | null }) =>
  `${u.first_name} ${u.last_name}${u.email ? ` · ${u.email}` : ''}`;

/** The users the task may be about, searched on the server (debounced by the input), the chosen one kept. */
function LinkedUserInput({ userId }: { userId?: number }) {
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<SchemaUserBrief | null>(null);
  const filter: TaskLinkUsersFilter = { q, user_id: userId };
  const { data, isPending } = useGetList<SchemaUserBrief>('task-link-users', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'id', order: 'ASC' },
    filter,
  });
  const choices = useMemo(
    () => (chosen && !data?.some((u) => u.id === chosen.id) ? [chosen, ...(data ?? [])] : (data ?? [])),
    [chosen, data],
  );
  return (
    <AutocompleteInput
      source="linked_user_id"
      label="atrium.tasks.fields.linked_user"
      choices={choices}
      isPending={isPending}
      optionText={userLabel}
      setFilter={setQ}
      // The server already matched name, email and phone: show its answer as it is.
      matchSuggestion={() => true}
      noOptionsText="atrium.tasks.no_users"
      onChange={(_value, record) => {
        setChosen((record as SchemaUserBrief | undefined) ?? null);
      }}
      validate={rules.linked_user_id}
      helperText={false}
    />
  );
}

function Save() {
  const { isSubmitting } = useFormState();
  // Enabled on a pristine form too: saving it empty shows what is missing.
  return <SaveButton label="atrium.tasks.save" icon={<></>} alwaysEnable={!isSubmitting} disabled={isSubmitting} />;
}

/** A new task for the caller (or the employee viewed as): type, start, optional end, who it is about, what to do. */
export function TaskCreateDialog({ onClose, userId }: { onClose: () => void; userId?: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="task-create-title">
      <CreateBase<SchemaTask>
        resource="tasks"
        redirect={false}
        mutationMode="pessimistic"
        transform={(data: Partial<SchemaTaskCreateRequest>): Partial<SchemaTaskCreateRequest> => ({
          ...data,
          end_at: data.end_at || undefined,
          user_id: userId,
        })}
        mutationOptions={{
          onSuccess: () => {
            notify('atrium.tasks.created', { type: 'success' });
            refresh();
            onClose();
          },
          onError: (error) => {
            // Field errors go under their fields (the form does that); the rest is told.
            const { alert } = formErrors(error, translate, FIELDS);
            if (alert) notify(alert, { type: 'error', multiLine: true });
          },
        }}
      >
        <Form<Partial<SchemaTaskCreateRequest>> defaultValues={{ type: 'call' }} noValidate>
          <DialogTitle id="task-create-title">{translate('atrium.tasks.create_title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <SelectInput
                source="type"
                label="atrium.tasks.fields.type"
                choices={TASK_TYPE_CHOICES}
                validate={rules.type}
                slotProps={{ htmlInput: { 'data-testid': 'task-type' } }}
                helperText={false}
              />
              <StartField />
              <InstantInput source="end_at" label="atrium.tasks.fields.end_at" helperText={false} />
              <LinkedUserInput userId={userId} />
              <TextInput
                source="description"
                label="atrium.tasks.fields.description"
                multiline
                minRows={3}
                validate={rules.description}
                helperText={false}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('atrium.tasks.cancel')}</Button>
            <Save />
          </DialogActions>
        </Form>
      </CreateBase>
    </Dialog>
  );
}
