import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { Labeled, useRecordContext, useTranslate } from 'react-admin';
import type { SchemaStaffPayment } from '../../../api/schema';
import { InstantField } from '../../common/fields';
import { shownState, STATE_COLOR } from './choices';

type DateKey = 'created_at' | 'payment_datetime' | 'paid_at' | 'decided_at';

/** The project's instant field (the profile's time zone), or a dash when the payment has no such date. */
export function PaymentDate({ source }: { source: DateKey; label?: string }) {
  const record = useRecordContext<SchemaStaffPayment>();
  return record?.[source] ? <InstantField source={source} /> : <>—</>;
}

export function StateChip() {
  const record = useRecordContext<SchemaStaffPayment>();
  const translate = useTranslate();
  if (!record) return null;
  const state = shownState(record);
  return (
    <Chip
      size="small"
      color={STATE_COLOR[state]}
      label={translate(`atrium.payments.staff.states.${state}`)}
      data-testid="payment-state"
    />
  );
}

export function KindField() {
  const record = useRecordContext<SchemaStaffPayment>();
  const translate = useTranslate();
  return record ? <>{translate(`atrium.payments.staff.kinds.${record.kind}`)}</> : null;
}

export function MemberField() {
  const record = useRecordContext<SchemaStaffPayment>();
  if (!record) return null;
  const name = `${record.user.first_name} ${record.user.last_name}`.trim();
  return (
    <>
      {name || record.user.email}
      {name && record.user.email ? (
        <Box component="span" sx={{ color: 'text.secondary', display: 'block', fontSize: 12 }}>
          {record.user.email}
        </Box>
      ) : null}
    </>
  );
}

/** The confirmation check: an image shown inline, a PDF as a card; both open in a new tab (a short-lived signed link). */
export function CheckPreview() {
  const record = useRecordContext<SchemaStaffPayment>();
  const translate = useTranslate();
  if (!record?.check) return null;
  return (
    <Labeled label="atrium.payments.staff.fields.check">
      <Box>
        {record.check_type === 'image' ? (
          <Box
            component="img"
            src={record.check}
            alt={translate('atrium.payments.staff.fields.check')}
            sx={{ maxWidth: '100%', maxHeight: 480, borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        ) : (
          <Paper variant="outlined" sx={{ p: 2, display: 'inline-flex' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <PictureAsPdf color="error" sx={{ fontSize: 40 }} />
              <Typography>PDF</Typography>
            </Stack>
          </Paper>
        )}
        <Button
          href={record.check}
          target="_blank"
          rel="noopener"
          startIcon={<OpenInNew />}
          size="small"
          sx={{ mt: 1, display: 'flex' }}
          data-testid="open-check"
        >
          {translate('atrium.payments.staff.open_check')}
        </Button>
      </Box>
    </Labeled>
  );
}
