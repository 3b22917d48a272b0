import { BULK_TABLE_FITS } from '../../../common/tableFits';
import { useMemo } from 'react';
import { Alert, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteArrayInput,
  ColumnsButton,
  DataTable,
  FilterButton,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { List } from '../../../common/List';
import type { SchemaStructureChoices, SchemaStructureUser } from '../../../../api/schema';
import { useFmtMoney, useTimeZone } from '../../../common/format';
import { LoadingBlock } from '../../../common/States';
import { useStructureChoices } from '../../../providers/data/menusHooks';
import type { StructureMeta } from './data';
import { BulkHandOverButton } from './BulkHandOver';
import { HIDDEN_BY_DEFAULT, HIDDEN_ON_LAPTOPS, phoneCell, renderCell } from './columns';
import { PhoneSort } from './PhoneSort';

const NONE_HIDDEN: string[] = [];

/** Kept in local storage: the list's filters, sort and page, and separately the shown columns. */
const LIST_KEY = 'team.structure.listParams';
const COLUMNS_KEY = 'team.structure.datatable';

function filtersOf(choices: SchemaStructureChoices) {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      label="atrium.team.structure.status"
      choices={choices.statuses.map((s) => ({ id: s.value, name: s.label }))}
      alwaysOn
    />,
    <AutocompleteArrayInput key="tags" source="tags" label="atrium.team.structure.tags" choices={choices.tags} />,
    <AutocompleteArrayInput
      key="groups"
      source="groups"
      label="atrium.team.structure.groups"
      choices={choices.groups}
    />,
  ];
}

/**
 * Half the usual side padding in the cells (as dense CRM grids have): with a dozen columns, 16 px on each
 * side of each is a column's width. A table still too wide (many columns shown) scrolls in its own box.
 */
const STRUCTURE_FITS = {
  ...BULK_TABLE_FITS,
  '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
} as const;

/** Count and the donation totals of everything the filters match (not only this page). */
function Totals() {
  const translate = useTranslate();
  const money = useFmtMoney();
  const { meta, total } = useListContext() as { meta?: StructureMeta; total?: number };
  if (!meta) return null;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.5, sm: 3 }}
      sx={{ px: 2, py: 1 }}
      aria-live="polite"
    >
      <Typography variant="body2" color="text.secondary" data-testid="structure-count">
        {translate('atrium.team.structure.members', { count: total ?? 0, total: meta.total_count })}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="structure-totals">
        {translate('atrium.team.structure.totals', {
          current: money(meta.total_donations_current),
          prev: money(meta.total_donations_prev),
        })}
      </Typography>
    </Stack>
  );
}

/** Nobody in the structure at all says how to grow it (as the tree does); else the filters found nobody. */
function Empty() {
  const translate = useTranslate();
  const { meta } = useListContext() as { meta?: StructureMeta };
  return (
    <Alert severity="info" sx={{ m: 2 }} data-testid="structure-empty">
      {translate(meta?.total_count === 0 ? 'atrium.team.tree.empty' : 'atrium.team.structure.empty')}
    </Alert>
  );
}

/**
 * The caller's structure as a table: search, status, tags and groups filters (kept per browser under
 * the store key, like the page and sort), columns the user shows or hides, and the month totals.
 * Staff select rows to hand them over to another consultant in bulk. On a phone each row is one cell
 * (phoneCell) with the order chosen above the rows (PhoneSort): a table of columns was wider than the
 * screen; the rows stay selectable for the hand-over.
 */
export function StructureList() {
  const [locale] = useLocaleState();
  const { canAccess: staff = false } = useCanAccess({ action: 'edit', resource: 'staff-tools' });
  const tz = useTimeZone();
  // Fewer columns by default below 1536 px, so the table fits a laptop's width without sideways scrolling.
  const laptop = useMediaQuery((t: Theme) => t.breakpoints.down('xl'));
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const translate = useTranslate();
  const hidden = useMemo(
    () => (laptop ? [...HIDDEN_BY_DEFAULT, ...HIDDEN_ON_LAPTOPS] : [...HIDDEN_BY_DEFAULT]),
    [laptop],
  );
  // Read again in the server's new language once the account holds it: the labels come translated.
  const choices = useStructureChoices();
  if (!choices.data) return <LoadingBlock />;
  const columns = choices.data.columns;
  const label = (key: string) => columns.find((c) => c.key === key)?.label ?? key;
  return (
    <List
      resource="structure"
      storeKey={LIST_KEY}
      disableSyncWithLocation
      filters={filtersOf(choices.data)}
      actions={
        <TopToolbar>
          <FilterButton />
          {!phone && <ColumnsButton storeKey={COLUMNS_KEY} />}
        </TopToolbar>
      }
      sort={{ field: 'date_joined', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
      title={false}
      sx={STRUCTURE_FITS}
    >
      <Totals />
      {phone && <PhoneSort columns={columns} />}
      <DataTable
        // The phone's one column keeps no choice of columns (nor the laptop's hidden ones).
        storeKey={phone ? `${COLUMNS_KEY}.phone` : COLUMNS_KEY}
        hiddenColumns={phone ? NONE_HIDDEN : hidden}
        bulkActionButtons={staff ? <BulkHandOverButton /> : false}
        rowClick={(id) => `/user/view-details/${id}`}
        empty={<Empty />}
      >
        {phone ? (
          <DataTable.Col
            source="person"
            label={translate('atrium.team.structure.person')}
            disableSort
            render={(r: SchemaStructureUser) => phoneCell(r, label, tz, locale)}
          />
        ) : (
          [
            ...columns.map((c) => (
              <DataTable.Col
                key={c.key}
                source={c.key}
                label={c.label}
                disableSort={!c.sortable}
                render={(r: SchemaStructureUser) => renderCell(c.key, r, tz, locale)}
              />
            )),
            // One column per tag group (the list's tags_groups_columns), from the same tag_groups.
            ...choices.data.groups.map((g) => (
              <DataTable.Col
                key={`tag_group_${g.id}`}
                source={`tag_group_${g.id}`}
                label={g.name}
                disableSort
                render={(r: SchemaStructureUser) => renderCell(`tag_group_${g.id}`, r, tz, locale)}
              />
            )),
          ]
        )}
      </DataTable>
    </List>
  );
}
