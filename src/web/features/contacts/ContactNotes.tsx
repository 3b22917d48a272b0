import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import {
  CreateBase,
  DeleteButton,
  Form,
  RecordContextProvider,
  ReferenceManyField,
  SaveButton,
  TextInput,
  UpdateButton,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Pagination } from '../../common/Pagination';
import type { ReactNode } from 'react';
import { validatorsFor } from '../../../api/validators';
import { fmtDateTime, useTimeZone } from '../../common/format';
import { personName } from '../../common/lazyView';
import { ResetAfterSubmit } from '../../common/forms';
import { ErrorBlock, LoadingBlock } from '../../common/States';
import type { SchemaContact, SchemaContactNote } from '../../../api/schema';

const rules = validatorsFor('ContactNoteRequest');
const PER_PAGE = 20;

/** A Create view that stays on the contact: the note is added and the form empties for the next one. */
function AddNote({ contactId }: { contactId: number }) {
  const notify = useNotify();
  return (
    <CreateBase
      resource="contact-notes"
      record={{ contact_id: contactId, text: '' }}
      redirect={false}
      mutationOptions={{
        onSuccess: () => {
          notify('atrium.contacts.notes.added', { type: 'success' });
        },
      }}
    >
      <Form>
        <ResetAfterSubmit />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextInput
            source="text"
            label="atrium.contacts.notes.new"
            multiline
            minRows={2}
            fullWidth
            validate={rules.text}
            helperText={false}
          />
          <SaveButton
            label="atrium.contacts.notes.add"
            icon={<NoteAddIcon />}
            sx={{ alignSelf: 'flex-start', whiteSpace: 'nowrap' }}
          />
        </Stack>
      </Form>
    </CreateBase>
  );
}

/** One entry: who wrote it and when, the text, and a delete that asks first. */
function Entry({ caption, text, action }: { caption: string; text: string; action: ReactNode }) {
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }} data-testid="contact-note">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {caption}
        </Typography>
        {action}
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Box>
  );
}

/**
 * The dated notes, newest first, then the contact's single notes field of the seed's clients (when not
 * empty) as the earliest entry: it has no date or author of its own, and its clients keep writing it.
 */
function Entries({ contact }: { contact: SchemaContact }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const { data, isPending, error, refetch, total, page } = useListContext<SchemaContactNote>();
  if (isPending) return <LoadingBlock minHeight={60} />;
  if (error) return <ErrorBlock error={error} onRetry={() => void refetch()} />;
  // The single field is the oldest entry: shown under the last page only.
  const legacy = contact.notes.trim() && page * PER_PAGE >= total ? contact.notes : '';
  if (!data.length && !legacy) return <Alert severity="info">{translate('atrium.contacts.notes.empty')}</Alert>;
  const confirm = {
    confirmTitle: 'atrium.contacts.notes.delete_title',
    confirmContent: 'atrium.contacts.notes.delete_content',
    label: 'atrium.contacts.notes.delete',
    size: 'small',
    mutationMode: 'pessimistic',
    successMessage: 'atrium.contacts.notes.deleted',
  } as const;
  return (
    <Stack
      component="ol"
      spacing={1.5}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={translate('atrium.contacts.notes.title')}
    >
      {data.map((note) => (
        <RecordContextProvider key={note.id} value={note}>
          <Entry
            caption={`${note.author ? personName(note.author) : translate('atrium.contacts.notes.unknown_author')} · ${fmtDateTime(note.created_at, tz)}`}
            text={note.text}
            action={<DeleteButton {...confirm} redirect={false} />}
          />
        </RecordContextProvider>
      ))}
      {legacy && (
        <Entry
          caption={translate('atrium.contacts.notes.earlier')}
          text={legacy}
          action={
            // Deleting this entry empties the field: an update of the contact, shown as any delete.
            <UpdateButton
              {...confirm}
              resource="contacts"
              record={contact}
              data={{ notes: '' }}
              icon={<DeleteIcon />}
              sx={{ color: 'error.main' }}
            />
          }
        />
      )}
    </Stack>
  );
}

/** Pages only when there are more notes than one page holds. */
function NotesPagination() {
  const { total } = useListContext();
  return (total ?? 0) > PER_PAGE ? <Pagination rowsPerPageOptions={[]} /> : null;
}

/** A contact's notes on its page: a note form on top, the entries newest first (#40, finding 17). */
export function ContactNotes() {
  const translate = useTranslate();
  const contact = useRecordContext<SchemaContact>();
  if (!contact) return null;
  return (
    <Card variant="outlined" sx={{ m: 2 }} component="section" aria-labelledby="contact-notes-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id="contact-notes-title">
            {translate('atrium.contacts.notes.title')}
          </Typography>
          <AddNote contactId={contact.id} />
          <ReferenceManyField
            reference="contact-notes"
            target="contact_id"
            sort={{ field: 'created_at', order: 'DESC' }}
            perPage={PER_PAGE}
            pagination={<NotesPagination />}
          >
            <Entries contact={contact} />
          </ReferenceManyField>
        </Stack>
      </CardContent>
    </Card>
  );
}
