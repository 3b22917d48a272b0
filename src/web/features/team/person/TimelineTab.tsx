import { useState } from 'react';
import { Alert, Box, Button, Pagination, Stack, Typography } from '@mui/material';
import { Form, TextInput, useGetList, useNotify, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import type { SchemaActionLog } from '../../../../api/schema';
import { fieldErrorsOf, useNotifyError } from '../../../common/errors';
import { fmtDateTime, useTimeZone } from '../../../common/format';
import { ErrorBlock, LoadingBlock } from '../../../common/States';
import { useProviderMutation } from '../../../providers/data/providerHooks';
import { contractRules, validatorsFor } from '../../../../api/validators';

const PER_PAGE = 20;
const note = validatorsFor('AddUserNoteRequest');
// The contract's length; an empty note cannot be sent (its button is off), so presence is left out.
const optional = (rules: typeof note.text) => rules.filter((v) => !(v as { isRequired?: boolean }).isRequired);
const noteRules = { text: optional(note.text) };

function AddNoteButton({ label }: { label: string }) {
  const text = useWatch<{ text?: string }, 'text'>({ name: 'text' });
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={!text?.trim() || isSubmitting} sx={{ whiteSpace: 'nowrap' }}>
      {label}
    </Button>
  );
}

/** The person's dated timeline (notes and every action about them, newest first), with a note form on top. */
export function TimelineTab({ userId }: { userId: number }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [page, setPage] = useState(1);
  // An added note empties the form: a new one each time.
  const [added, setAdded] = useState(0);
  const { data, total, error, isPending, refetch } = useGetList<SchemaActionLog>('action-logs', {
    pagination: { page, perPage: PER_PAGE },
    filter: { subject_id: userId },
  });
  const add = useProviderMutation('addUserNote');
  const submit = async ({ text = '' }: { text?: string }) => {
    try {
      const res = await add.mutateAsync([userId, text.trim()]);
      notify(res.detail, { type: 'success' });
      setAdded((n) => n + 1);
      setPage(1);
      return undefined;
    } catch (err) {
      const message = fieldErrorsOf(err).text;
      if (message) return { text: message };
      notifyError(err);
      return undefined;
    }
  };
  return (
    <Stack spacing={2}>
      <Form key={added} onSubmit={submit} noValidate disableInvalidFormNotification>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextInput
            source="text"
            label="atrium.person.timeline.note"
            multiline
            minRows={2}
            fullWidth
            // The button stays off while the note is empty: no 'required' message of its own.
            validate={noteRules.text}
            helperText={false}
            slotProps={{ htmlInput: { maxLength: contractRules.AddUserNoteRequest.text.maxLength } }}
          />
          <AddNoteButton label={translate('atrium.person.timeline.add_note')} />
        </Box>
      </Form>
      {isPending ? (
        <LoadingBlock />
      ) : error ? (
        <ErrorBlock error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Alert severity="info">{translate('atrium.person.timeline.empty')}</Alert>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="person-timeline">
          {data.map((e) => (
            <Box
              component="li"
              key={e.id}
              sx={{ borderLeft: 3, borderColor: e.kind === 'note_added' ? 'primary.main' : 'divider', pl: 1.5 }}
            >
              <Typography variant="caption" color="text.secondary">
                {fmtDateTime(e.created_at, tz)}
              </Typography>
              <Typography variant="body2">{e.description}</Typography>
              {e.kind === 'note_added' && typeof e.data.text === 'string' && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5, fontStyle: 'italic' }}>
                  {e.data.text}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {(total ?? 0) > PER_PAGE && (
        <Pagination
          count={Math.ceil((total ?? 0) / PER_PAGE)}
          page={page}
          onChange={(_e, p) => {
            setPage(p);
          }}
        />
      )}
    </Stack>
  );
}
