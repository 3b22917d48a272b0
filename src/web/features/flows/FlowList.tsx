import Edit from '@mui/icons-material/Edit';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import {
  BulkDeleteButton,
  CreateButton,
  DataTable,
  NullableBooleanInput,
  SearchInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List } from '../../common/List';
import { Link } from 'react-router-dom';
import type { SchemaFlow } from '../../../api/schema';
import { InstantField } from '../../common/fields';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { CopyLinkButton } from './CopyLinkButton';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="is_published" source="is_published" label="atrium.flows.fields.is_published" />,
];

function PublishedChip({ flow }: { flow: SchemaFlow }) {
  const translate = useTranslate();
  return flow.is_published ? (
    <Chip size="small" color="success" label={translate('atrium.flows.published')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('atrium.flows.draft')} />
  );
}

/** Edit the landing, open the public page, copy its link: the row's quick actions. */
export function FlowActions({ flow }: { flow: SchemaFlow }) {
  const translate = useTranslate();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center' }}
      onClick={(e) => {
        e.stopPropagation();
      }}
    >
      <Tooltip title={translate('atrium.flows.edit_landing')}>
        <IconButton
          size="small"
          component={Link}
          to={`/flows/edit_landing/${flow.id}`}
          aria-label={translate('atrium.flows.edit_landing')}
        >
          <Edit fontSize="small" />
        </IconButton>
      </Tooltip>
      {flow.is_published && (
        <Tooltip title={translate('atrium.flows.open_page')}>
          <IconButton
            size="small"
            href={flow.landing_url}
            target="_blank"
            rel="noopener"
            aria-label={translate('atrium.flows.open_page')}
          >
            <OpenInNew fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <CopyLinkButton url={flow.landing_url} />
    </Box>
  );
}

const Published = () => {
  const flow = useRecordContext<SchemaFlow>();
  return flow ? <PublishedChip flow={flow} /> : null;
};
const Actions = () => {
  const flow = useRecordContext<SchemaFlow>();
  return flow ? <FlowActions flow={flow} /> : null;
};
/** The flow's name, and its public address under it. */
const NameCell = () => {
  const flow = useRecordContext<SchemaFlow>();
  if (!flow) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{flow.name}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        /l/{flow.landing_name}
      </Typography>
    </Box>
  );
};
const Conversion = () => {
  const flow = useRecordContext<SchemaFlow>();
  return flow ? <span>{flow.stats.conversion.toFixed(2)}%</span> : null;
};

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('atrium.flows.empty')}
      </Typography>
      <CreateButton variant="contained" />
    </Box>
  );
}

const table = (
  <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />} empty={<Empty />}>
    <DataTable.Col source="name" label="atrium.flows.fields.name">
      <NameCell />
    </DataTable.Col>
    <DataTable.Col source="is_published" label="atrium.flows.fields.is_published">
      <Published />
    </DataTable.Col>
    <DataTable.NumberCol source="stats.views" label="atrium.flows.fields.views" />
    <DataTable.NumberCol source="stats.signups" label="atrium.flows.fields.signups" />
    <DataTable.Col source="stats.conversion" label="atrium.flows.fields.conversion" align="right">
      <Conversion />
    </DataTable.Col>
    <DataTable.Col source="created_at" label="atrium.flows.fields.created_at">
      <InstantField source="created_at" />
    </DataTable.Col>
    <DataTable.Col label="" disableSort>
      <Actions />
    </DataTable.Col>
  </DataTable>
);

export function FlowList() {
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<Empty />}
    >
      <ResponsiveTable<SchemaFlow>
        table={table}
        primary={(f) => f.name}
        secondary={(f) =>
          `/l/${f.landing_name} · ${translate('atrium.flows.fields.views')}: ${f.stats.views} · ${translate('atrium.flows.fields.signups')}: ${f.stats.signups}`
        }
        tertiary={(f) => <PublishedChip flow={f} />}
      />
    </List>
  );
}
