import { BooleanField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { Box } from '@mui/material';
import { InstantField } from '../../../common/fields';
import type { SchemaOutboxMail } from '../../../../api/schema';

/** The mail as the recipient sees it, in a sandboxed frame (no scripts, no links into the app). */
function MailPreview() {
  const record = useRecordContext<SchemaOutboxMail>();
  if (!record) return null;
  return (
    <Labeled label="atrium.outbox.fields.html">
      <Box
        component="iframe"
        title="mail"
        sandbox=""
        srcDoc={record.html}
        sx={{ width: '100%', minHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
    </Labeled>
  );
}

export function OutboxShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <InstantField source="created_at" label="atrium.outbox.fields.created_at" />
        <TextField source="to" label="atrium.outbox.fields.to" />
        <TextField source="subject" label="atrium.outbox.fields.subject" />
        <BooleanField source="delivered" label="atrium.outbox.fields.delivered" />
        <TextField source="text" label="atrium.outbox.fields.text" sx={{ whiteSpace: 'pre-wrap' }} />
        <MailPreview />
      </SimpleShowLayout>
    </Show>
  );
}
