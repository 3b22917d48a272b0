import { TABLE_FITS } from '../../member/team/layout';
import { Alert } from '@mui/material';
import { DataTable, List, SearchInput, useRecordContext, useTranslate } from 'react-admin';
import type { SchemaWaitingUser } from '../../../api/schema';
import { InstantField } from '../../common/fields';

function Empty() {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ m: 2 }}>
      {translate('atrium.team.waiting.empty')}
    </Alert>
  );
}

const F = (key: string) => `atrium.team.waiting.fields.${key}`;

/** Since when the lead waits; a lead that never changed status waits since joining. */
function WaitingSince() {
  const record = useRecordContext<SchemaWaitingUser>();
  return <InstantField source={record?.waiting_since ? 'waiting_since' : 'date_joined'} />;
}

/**
 * Waiting leads, longest waiting first: staff see the whole pool, a member the leads of their own
 * structure. Filters and paging are kept per browser under the store key.
 */
export function WaitingLeadsList({ embedded = false }: { embedded?: boolean }) {
  return (
    <List
      resource="waiting-leads"
      storeKey="team.waiting-leads.listParams"
      disableSyncWithLocation={embedded}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'waiting_since', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={false}
      title={embedded ? false : undefined}
      sx={TABLE_FITS}
    >
      <DataTable bulkActionButtons={false} rowClick={(id) => `/user/view-details/${id}`} empty={<Empty />}>
        <DataTable.Col
          source="first_name"
          label={F('name')}
          render={(r: SchemaWaitingUser) => `${r.first_name} ${r.last_name}`.trim()}
        />
        <DataTable.Col source="email" label={F('email')} />
        <DataTable.Col source="phone" label={F('phone')} disableSort />
        <DataTable.Col source="city" label={F('city')} />
        <DataTable.Col
          source="referrer"
          label={F('referrer')}
          disableSort
          render={(r: SchemaWaitingUser) => (r.referrer ? `${r.referrer.first_name} ${r.referrer.last_name}` : '—')}
        />
        <DataTable.Col
          source="source"
          label={F('source')}
          disableSort
          render={(r: SchemaWaitingUser) => r.source ?? '—'}
        />
        <DataTable.Col source="waiting_since" label={F('waiting_since')}>
          <WaitingSince />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
