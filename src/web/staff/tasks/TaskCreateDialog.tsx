import { useState } from 'react';
import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, useMediaQuery, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import type { SchemaTaskType, SchemaUserBrief } from '../../../api/schema';
import { ApiError } from '../../../api/client';
import { usersToLink } from '../../providers/data/tasks';
import { StartField, type StartIn } from './StartField';

type Errors = Partial<Record<'type' | 'start_at' | 'end_at' | 'description' | 'linked_user_id', string>>;

/** firstMessage of a field from a 400 (react-admin's HttpError keeps them under body.errors). */
function fieldErrors(err: unknown): Errors {
  const body = (err as { body?: { errors?: Record<string, string> } })?.body?.errors;
  if (body) return body as Errors;
  if (err instanceof ApiError) return Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)]));
  return {};
}

export function TaskCreateDialog({ open, onClose, userId }: { open: boolean; onClose: () => void; userId?: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [type, setType] = useState<SchemaTaskType>('call');
  const [start, setStart] = useState<StartIn | ''>('');
  const [end, setEnd] = useState('');
  const [description, setDescription] = useState('');
  const [linked, setLinked] = useState<SchemaUserBrief | null>(null);
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const users = useQuery({ queryKey: ['staff', 'link', search, userId], queryFn: () => usersToLink(search, userId), enabled: open });
  const [create, { isPending }] = useCreate();

  const reset = () => {
    setStart('');
    setEnd('');
    setDescription('');
    setLinked(null);
    setErrors({});
  };
  const submit = () => {
    const e: Errors = {};
    if (!start) e.start_at = translate('atrium.staff.tasks.select_start');
    if (!description.trim()) e.description = translate('atrium.staff.tasks.fill_field');
    if (!linked) e.linked_user_id = translate('atrium.staff.tasks.fill_field');
    setErrors(e);
    if (Object.keys(e).length) return;
    const data = { type, start_in: start || undefined, end_at: end ? new Date(end).toISOString() : undefined, description, linked_user_id: linked!.id, user_id: userId };
    create(
      'tasks',
      { data },
      {
        onSuccess: () => {
          notify('atrium.staff.tasks.created', { type: 'success' });
          reset();
          onClose();
        },
        onError: (err) => setErrors(fieldErrors(err)),
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="task-create-title">
      <DialogTitle id="task-create-title">{translate('atrium.staff.tasks.create_title')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="task-create-form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(ev) => {
            ev.preventDefault();
            submit();
          }}
        >
          <TextField select label={translate('atrium.staff.tasks.fields.type')} value={type} onChange={(e) => setType(e.target.value as SchemaTaskType)} slotProps={{ htmlInput: { 'data-testid': 'task-type' } }}>
            {(['meet', 'call', 'message'] as const).map((v) => (
              <MenuItem key={v} value={v}>
                {translate(`atrium.staff.tasks.types.${v}`)}
              </MenuItem>
            ))}
          </TextField>
          <StartField value={start} onChange={setStart} error={errors.start_at} />
          <TextField
            type="datetime-local"
            label={translate('atrium.staff.tasks.fields.end_at')}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={Boolean(errors.end_at)}
            helperText={errors.end_at}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Autocomplete
            options={users.data ?? []}
            value={linked}
            filterOptions={(x) => x}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(u) => `${u.first_name} ${u.last_name}${u.email ? ` · ${u.email}` : ''}`}
            noOptionsText={translate('atrium.staff.tasks.no_users')}
            onInputChange={(_e, v, reason) => reason === 'input' && setSearch(v)}
            onChange={(_e, u) => setLinked(u)}
            renderInput={(params) => (
              <TextField {...params} required name="linked_user" label={translate('atrium.staff.tasks.fields.linked_user')} error={Boolean(errors.linked_user_id)} helperText={errors.linked_user_id} />
            )}
          />
          <TextField
            required
            multiline
            minRows={3}
            name="description"
            label={translate('atrium.staff.tasks.fields.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('atrium.staff.tasks.cancel')}</Button>
        <Button type="submit" form="task-create-form" variant="contained" disabled={isPending}>
          {translate('atrium.staff.tasks.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export { fieldErrors };
