import { Chip, Paper, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, ListContextProvider, SimpleList, useList, useTranslate } from 'react-admin';
import type { SchemaSubscription } from '../../../api/schema';
import { fmtDate, useFmtMoney, useTimeZone } from '../../common/format';
import { EmptyBlock } from '../../common/States';

const COLOR = { active: 'success', expired: 'default', canceled: 'warning', pending: 'info' } as const;

/**
 * Past and current subscriptions (they come with the subscription's info, so a react-admin list of
 * those rows, `useList`): a table on a desktop, a simple list on a phone.
 */
export function HistoryTable({ history }: { history: SchemaSubscription[] }) {
  const translate = useTranslate();
  const money = useFmtMoney();
  const tz = useTimeZone();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const list = useList<SchemaSubscription>({ data: history, resource: 'subscriptions' });
  if (history.length === 0) return <EmptyBlock text={translate('atrium.subscription.no_history')} />;
  const status = (s: SchemaSubscription) => (
    <Chip size="small" color={COLOR[s.status]} label={translate(`atrium.subscription.statuses.${s.status}`)} />
  );
  const amount = (s: SchemaSubscription) => (s.amount ? money(s.amount) : '');
  return (
    <ListContextProvider value={list}>
      <Paper variant="outlined" data-testid="subscription-history">
        {phone ? (
          <SimpleList<SchemaSubscription>
            resource="subscriptions"
            primaryText={(s) => s.package.name}
            secondaryText={(s) => `${fmtDate(s.starts_at, tz)} – ${fmtDate(s.ends_at, tz)} · ${amount(s)}`}
            tertiaryText={status}
            rowClick={false}
          />
        ) : (
          <DataTable<SchemaSubscription>
            resource="subscriptions"
            size="small"
            bulkActionButtons={false}
            rowClick={false}
          >
            <DataTable.Col
              label="atrium.subscription.package"
              disableSort
              render={(s: SchemaSubscription) => s.package.name}
            />
            <DataTable.Col
              label="atrium.subscription.period"
              disableSort
              render={(s: SchemaSubscription) => s.package.period.name}
            />
            <DataTable.Col
              label="atrium.subscription.starts"
              disableSort
              render={(s: SchemaSubscription) => fmtDate(s.starts_at, tz)}
            />
            <DataTable.Col
              label="atrium.subscription.ends"
              disableSort
              render={(s: SchemaSubscription) => fmtDate(s.ends_at, tz)}
            />
            <DataTable.Col label="atrium.subscription.amount" disableSort align="right" render={amount} />
            <DataTable.Col label="atrium.subscription.status" disableSort render={status} />
          </DataTable>
        )}
      </Paper>
    </ListContextProvider>
  );
}
