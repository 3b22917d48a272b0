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
import dayjs from 'dayjs';
import {
  AutocompleteInput,
  BooleanInput,
  CreateBase,
  Form,
  SaveButton,
  SelectInput,
  TextInput,
  required,
  useGetList,
  useCanAccess,
  useInput,
  useNotify,
  useRefresh,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import type {
  SchemaTask,
  SchemaTaskCreateRequest,
  SchemaTaskNewLeadCreateRequest,
  SchemaTaskStartIn,
  SchemaUserBrief,
} from '../../../api/schema';
import { validatorsFor } from '../../../api/validators';
import type { TaskCreate, TaskLinkUsersFilter } from './data';
import { withBrowserRegion } from '../../common/countries';
import { useTimeZone } from '../../common/format';
import { DateTimePicker, PICKER_FORMAT } from '../../common/pickers';
import { formErrors } from '../../common/errors';
import { TASK_TYPE_CHOICES } from './StartField';
import { NewPersonSettings } from '../team/public';

// The start choice is the form's own field (`start`), not the contract's start_in: its errors show above the form.
const LEAD_FIELDS = ['first_name', 'last_name', 'phone', 'email'] as const;
/** The new lead's language, zone and invitation choice: the inputs every way of creating a person shares. */
const LEAD_SETTINGS = ['language', 'time_zone', 'send_invitation'] as const;
const FIELDS = [
  'type',
  'start_at',
  'end_at',
  'linked_user_id',
  'description',
  ...LEAD_FIELDS,
  ...LEAD_SETTINGS,
] as const;
/** The form's start: one of the seed's quick choices, or `at` for a date and time picked below. */
type StartChoice = SchemaTaskStartIn | 'at';
/** With `new_lead`, the task is about a lead the form creates from the lead's fields instead of a chosen user. */
type TaskForm = Omit<Partial<SchemaTaskCreateRequest>, 'start_in'> &
  Partial<Pick<SchemaTaskNewLeadCreateRequest, (typeof LEAD_FIELDS)[number] | (typeof LEAD_SETTINGS)[number]>> & {
    start?: StartChoice;
    new_lead?: boolean;
  };
const START_CHOICES: StartChoice[] = ['now', '15', '30', '45', '60', '75', '90', 'at'];
const startChoices = START_CHOICES.map((id) => ({ id, name: `atrium.tasks.start_in.${id}` }));
// The contract's limits, with the tasks' own wording for an empty field.
const rules = validatorsFor('TaskCreateRequest', {
  description: { presence: 'atrium.tasks.fill_field' },
  linked_user_id: { presence: 'atrium.tasks.fill_field' },
});
// The new lead's fields: the contract's limits, the spec's words for an empty name or phone and a bad email.
const leadRules = validatorsFor('TaskNewLeadCreateRequest', {
  first_name: { presence: 'atrium.tasks.fill_field' },
  last_name: { presence: 'atrium.tasks.fill_field' },
  phone: { presence: 'atrium.tasks.fill_field' },
  email: { email: 'atrium.validation.email_is_invalid' },
});
const userLabel = (u: SchemaUserBrief & { email?: string | null }) =>
  `${u.first_name} ${u.last_name}${u.email ? ` · ${u.email}` : ''}`;

/**
 * The picker's empty list says why and what to type (#40 item 17: a bare "No users found"): the
 * server searches name, email and phone among the people the owner may see (all for an admin in
 * their own view; for a consultant the ones they look after and their structure).
 */
function NoUsers({ q, ownView, newLead }: { q: string; ownView: boolean; newLead: boolean }) {
  const translate = useTranslate();
  const { canAccess: isAdmin = false } = useCanAccess({ action: 'list', resource: 'admin-tools' });
  const scope = isAdmin && ownView ? 'atrium.tasks.no_users_search' : 'atrium.tasks.no_users_scope';
  return (
    <span data-testid="task-user-none">
      {q.trim() ? translate('atrium.tasks.no_users_match', { q: q.trim() }) : translate('atrium.tasks.no_users')}{' '}
      {translate(scope)}
      {newLead && <> {translate('atrium.tasks.no_users_new_lead', { switch: translate('atrium.tasks.new_lead') })}</>}
    </span>
  );
}

/** The users the task may be about, searched on the server (debounced by the input), the chosen one kept. */
function LinkedUserInput({ userId, initial }: { userId?: number; initial?: SchemaUserBrief }) {
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<SchemaUserBrief | null>(initial ?? null);
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
      noOptionsText={<NoUsers q={q} ownView={userId === undefined} newLead={!initial} />}
      onChange={(_value, record) => {
        setChosen((record as SchemaUserBrief | undefined) ?? null);
      }}
      validate={rules.linked_user_id}
      helperText={false}
    />
  );
}

/**
 * Whom the task is about: a user found by search, or a new lead (first task and lead in one step,
 * #40 item 4) typed here. Known already (the person's page), it is that user.
 */
function AboutInputs({ userId, linkedUser }: { userId?: number; linkedUser?: SchemaUserBrief }) {
  const newLead = useWatch<TaskForm, 'new_lead'>({ name: 'new_lead' });
  if (linkedUser) return <LinkedUserInput userId={userId} initial={linkedUser} />;
  return (
    <>
      <BooleanInput source="new_lead" label="atrium.tasks.new_lead" helperText="atrium.tasks.new_lead_hint" />
      {newLead ? (
        <>
          {LEAD_FIELDS.map((f) => (
            <TextInput
              key={f}
              source={f}
              label={`atrium.staff.people.${f}`}
              type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
              validate={leadRules[f]}
              helperText={false}
            />
          ))}
          <NewPersonSettings rules={leadRules} />
        </>
      ) : (
        <LinkedUserInput userId={userId} />
      )}
    </>
  );
}

/**
 * An instant picked as date and time in the profile's time zone (24-hour, DD/MM/YYYY HH:mm), kept
 * in the form as an ISO string; empty is undefined.
 */
function ZonedDateTimeInput({
  source,
  label,
  validate,
  testId,
}: {
  source: string;
  label: string;
  validate?: Validator;
  testId: string;
}) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const value = typeof field.value === 'string' && field.value ? dayjs(field.value) : null;
  const error = fieldState.error?.message;
  return (
    <DateTimePicker
      label={translate(label)}
      value={value}
      timezone={tz ?? 'default'}
      onChange={(v) => {
        field.onChange(v?.isValid() ? v.toISOString() : undefined);
      }}
      onClose={field.onBlur}
      inputRef={field.ref}
      ampm={false}
      format={PICKER_FORMAT.dateTime}
      disablePast
      slotProps={{
        textField: {
          required: isRequired,
          error: Boolean(error),
          helperText: error ? translate(error) : undefined,
          onBlur: field.onBlur,
          inputProps: { 'data-testid': testId },
        },
      }}
    />
  );
}

/** Start now, in 15…90 minutes (the seed's choices), or at a date and time picked in the profile's zone. */
function StartInputs() {
  const choice = useWatch<TaskForm, 'start'>({ name: 'start' });
  return (
    <>
      <SelectInput
        source="start"
        label="atrium.tasks.fields.start"
        choices={startChoices}
        validate={required('atrium.tasks.select_start')}
        slotProps={{ htmlInput: { 'data-testid': 'task-start' } }}
        helperText={false}
      />
      {choice === 'at' && (
        <ZonedDateTimeInput
          source="start_at"
          label="atrium.tasks.fields.start_at"
          validate={required('atrium.tasks.select_start')}
          testId="task-start-at"
        />
      )}
    </>
  );
}

function Save() {
  const { isSubmitting } = useFormState();
  // Enabled on a pristine form too: saving it empty shows what is missing.
  return <SaveButton label="atrium.tasks.save" icon={<></>} alwaysEnable={!isSubmitting} disabled={isSubmitting} />;
}

/**
 * A new task for the caller (or the employee viewed as): type, start, optional end, who it is about (or
 * a new lead, created with it), what to do.
 */
export function TaskCreateDialog({
  onClose,
  userId,
  linkedUser,
}: {
  onClose: () => void;
  userId?: number;
  /** Whom the task is about when that is known (the person's page): chosen already. */
  linkedUser?: SchemaUserBrief;
}) {
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
        transform={({
          start,
          start_at,
          new_lead,
          linked_user_id,
          first_name,
          last_name,
          phone,
          email,
          language,
          time_zone,
          send_invitation,
          ...data
        }: TaskForm): Partial<TaskCreate> => {
          const task = {
            ...data,
            ...(start === 'at' ? { start_at } : { start_in: start }),
            end_at: data.end_at || undefined,
            user_id: userId,
          };
          // A phone typed without its country code is read in the browser's region.
          return new_lead
            ? withBrowserRegion({
                ...task,
                new_lead,
                first_name,
                last_name,
                phone,
                // Left empty, the server takes the lead's country's or phone's (as for every new person).
                email: email || undefined,
                language: language || undefined,
                time_zone: time_zone || undefined,
                send_invitation: send_invitation || undefined,
              })
            : { ...task, linked_user_id };
        }}
        mutationOptions={{
          onSuccess: (_task, variables) => {
            const withLead = (variables.data as Partial<TaskCreate> | undefined)?.new_lead;
            notify(withLead ? 'atrium.tasks.lead_created' : 'atrium.tasks.created', { type: 'success' });
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
        <Form<TaskForm> defaultValues={{ type: 'call', linked_user_id: linkedUser?.id }} noValidate>
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
              <StartInputs />
              <ZonedDateTimeInput source="end_at" label="atrium.tasks.fields.end_at" testId="task-end-at" />
              <AboutInputs userId={userId} linkedUser={linkedUser} />
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
