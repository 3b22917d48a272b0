import {
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
  Stack,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SchemaSubscription } from '../../../api/schema';
import { fmtDate, useFmtMoney, useTimeZone } from '../../common/format';
import { EmptyBlock } from '../../common/States';

const COLOR = { active: 'success', expired: 'default', canceled: 'warning', pending: 'info' } as const;

/** Past and current subscriptions: a table on a desktop, cards on a phone. */
export function HistoryTable({ history }: { history: SchemaSubscription[] }) {
  const translate = useTranslate();
  const money = useFmtMoney();
  const tz = useTimeZone();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (history.length === 0) return <EmptyBlock text={translate('atrium.payments.subscription.no_history')} />;
  const status = (s: SchemaSubscription) => (
    <Chip size="small" color={COLOR[s.status]} label={translate(`atrium.payments.subscription.statuses.${s.status}`)} />
  );
  if (phone) {
    return (
      <Stack spacing={1} data-testid="subscription-history">
        {history.map((s) => (
          <Paper key={s.id} variant="outlined" sx={{ p: 1.5 }} data-testid="history-row">
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600 }}>{s.package.name}</Typography>
              {status(s)}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {fmtDate(s.starts_at, tz)} – {fmtDate(s.ends_at, tz)} · {s.amount ? money(s.amount) : ''}
            </Typography>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="subscription-history">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('atrium.payments.subscription.package')}</TableCell>
            <TableCell>{translate('atrium.payments.subscription.period')}</TableCell>
            <TableCell>{translate('atrium.payments.subscription.starts')}</TableCell>
            <TableCell>{translate('atrium.payments.subscription.ends')}</TableCell>
            <TableCell align="right">{translate('atrium.payments.subscription.amount')}</TableCell>
            <TableCell>{translate('atrium.payments.subscription.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.map((s) => (
            <TableRow key={s.id} data-testid="history-row">
              <TableCell>{s.package.name}</TableCell>
              <TableCell>{s.package.period.name}</TableCell>
              <TableCell>{fmtDate(s.starts_at, tz)}</TableCell>
              <TableCell>{fmtDate(s.ends_at, tz)}</TableCell>
              <TableCell align="right">{s.amount ? money(s.amount) : ''}</TableCell>
              <TableCell>{status(s)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
