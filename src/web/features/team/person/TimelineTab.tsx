import { useState } from 'react';
import { Alert, Box, Button, Pagination, Stack, TextField, Typography } from '@mui/material';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import type { SchemaActionLog } from '../../../../api/schema';
import { fieldErrorsOf, useNotifyError } from '../../../common/errors';
import { fmtDateTime, useTimeZone } from '../../../common/format';
import { ErrorBlock, LoadingBlock } from '../../../common/States';
import { useProviderMutation } from '../../../providers/data/providerHooks';
import { contractRules } from '../../../../api/validators';

const PER_PAGE = 20;

/** The person's dated timeline (notes and every action about them, newest first), with a note form on top. */
export function TimelineTab({ userId }: { userId: number }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState('');
  const { data, total, error, isPending, refetch } = useGetList<SchemaActionLog>('action-logs', {
    pagination: { page, perPage: PER_PAGE },
    filter: { subject_id: userId },
  });
  const add = useProviderMutation('addUserNote', {
    onSuccess: (res) => {
      notify(res.detail, { type: 'success' });
      setText('');
      setFieldError('');
      setPage(1);
    },
    onError: (err) => {
      const text = fieldErrorsOf(err).text;
      if (text) setFieldError(text);
      else notifyError(err);
    },
  });
  return (
    <Stack spacing={2}>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) add.mutate([userId, text.trim()]);
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          label={translate('atrium.person.timeline.note')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
          }}
          multiline
          minRows={2}
          fullWidth
          error={!!fieldError}
          helperText={fieldError || undefined}
          slotProps={{ htmlInput: { maxLength: contractRules.AddUserNoteRequest.text.maxLength } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!text.trim() || add.isPending}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {translate('atrium.person.timeline.add_note')}
        </Button>
      </Box>
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
