import { Box, CardContent, Button as MuiButton, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import CategoryIcon from '@mui/icons-material/Category';
import { Link } from 'react-router-dom';
import {
  Button,
  ChipField,
  CreateButton,
  DataTable,
  ListBase,
  ListView,
  Loading,
  ReferenceArrayField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SingleFieldList,
  TextField,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { fmtDate, useTimeZone } from '../../common/format';
import { fmtPhone } from '../../common/phone';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { SharedFilterForm, SharedFilterRow } from '../../common/SharedFilterForm';
import { AddButton } from './AddButton';
import { CategoriesPanel } from './CategoriesPanel';
import { ContactBulkActions } from './ContactBulkActions';
import { ExportCsvButton } from './ExportCsvButton';
import type { SchemaContact } from '../../../api/schema';

const fullName = (r: SchemaContact) => `${r.first_name} ${r.last_name}`.trim();

const searchFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="status" source="status" reference="contact-statuses" alwaysOn>
    <SelectInput label="atrium.contacts.fields.status" optionText="name" />
  </ReferenceInput>,
];
const categorySelect = (
  <ReferenceInput key="category" source="category" reference="contact-categories" perPage={500} alwaysOn>
    <SelectInput label="atrium.contacts.fields.category" optionText="name" />
  </ReferenceInput>
);

function Actions() {
  return (
    <TopToolbar>
      {/* The panel's "Manage categories" link is not shown on narrow screens. */}
      <Button
        component={Link}
        label="atrium.contacts.categories_panel"
        to="/contact-categories"
        sx={{ display: { md: 'none' } }}
      >
        <CategoryIcon />
      </Button>
      <CreateButton />
      <ExportCsvButton />
    </TopToolbar>
  );
}

/** No contacts at all (a first one to add), or none that match the filters (a way back). */
function Empty() {
  const translate = useTranslate();
  const { setFilters, ...list } = useListContext();
  const filtered = Object.values((list.filterValues ?? {}) as Record<string, unknown>).some(
    (v) => v !== undefined && v !== null && v !== '',
  );
  return (
    <CardContent>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography color="text.secondary">
          {translate(filtered ? 'atrium.contacts.no_match' : 'atrium.contacts.empty')}
        </Typography>
        {filtered ? (
          <MuiButton
            onClick={() => {
              setFilters({}, []);
            }}
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
          >
            {translate('atrium.contacts.clear_filters')}
          </MuiButton>
        ) : (
          <AddButton label="atrium.contacts.add" />
        )}
      </Stack>
    </CardContent>
  );
}

/** The day the contact was added, DD/MM/YYYY in the member's time zone. */
function AddedField() {
  const record = useRecordContext<SchemaContact>();
  const tz = useTimeZone();
  if (!record?.created_at) return null;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {fmtDate(record.created_at, tz)}
    </Typography>
  );
}

function CategoryChips() {
  return (
    <ReferenceArrayField source="categories" reference="contact-categories">
      <SingleFieldList linkType={false} sx={{ my: 0 }}>
        <ChipField source="name" size="small" />
      </SingleFieldList>
    </ReferenceArrayField>
  );
}

/** An address that may wrap after its "@" first, so a narrow column shows "name@" over "domain" rather than cutting the domain. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** Phone over email, so the table stays narrow; long addresses may break anywhere. */
function Channels() {
  const record = useRecordContext<SchemaContact>();
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'block', minWidth: 140 }}>
      {record.phone && (
        <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {fmtPhone(record.phone)}
        </Box>
      )}
      {record.email && (
        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere', color: 'text.secondary' }}>
          <EmailText email={record.email} />
        </Box>
      )}
    </Box>
  );
}

/**
 * The categories, then where the contact came from (a landing's funnel name; nothing for one added by
 * hand) under them, as the phone's column shows the email under the phone: no column of its own, which
 * would widen the table past a laptop's screen beside the menu and the categories panel.
 */
function CategoriesAndSource() {
  const record = useRecordContext<SchemaContact>();
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <CategoryChips />
      {record.source && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {record.source}
        </Box>
      )}
    </Box>
  );
}

/** The phone row's second line: phone and email, where the contact came from, then the categories. */
function PhoneDetails() {
  const translate = useTranslate();
  const record = useRecordContext<SchemaContact>();
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {[fmtPhone(record.phone), record.email].filter(Boolean).join(' · ')}
      </Box>
      {record.source && (
        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }} data-testid="contact-source">
          {translate('atrium.contacts.source_line', { source: record.source })}
        </Box>
      )}
      <CategoryChips />
    </Box>
  );
}

export function ContactList() {
  /*
   * The search, the status and the category are fields of one filter form (SharedFilterForm) around the whole list:
   * from md up the categories panel beside the list is the category's input, below md a select among
   * the search inputs. Each change goes through the form's one debounced submit with every field's
   * current value, so the last action wins. (A panel that called setFilters itself raced the search's
   * submit: the latter merged the list's filters as it last rendered them, and react-router renders the
   * click's navigation in a transition, so a starved browser got the old category back.)
   */
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  return (
    <ListBase
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      authLoading={<Loading />}
      offline={false}
    >
      <SharedFilterForm>
        <ListView
          filters={<SharedFilterRow filters={wide ? searchFilters : [...searchFilters, categorySelect]} />}
          actions={<Actions />}
          aside={wide ? <CategoriesPanel /> : undefined}
          empty={false}
          // The list takes the room left by the panel and scrolls inside it, never widening the page.
          sx={{ '& .RaList-main': { minWidth: 0, contain: 'inline-size' } }}
        >
          <ResponsiveTable<SchemaContact>
            empty={<Empty />}
            table={
              <DataTable
                rowClick="edit"
                bulkActionButtons={<ContactBulkActions />}
                empty={<Empty />}
                sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
              >
                <DataTable.Col source="last_name" label="atrium.contacts.name" render={fullName} />
                <DataTable.Col source="phone" label="atrium.contacts.fields.channels" disableSort>
                  <Channels />
                </DataTable.Col>
                <DataTable.Col source="status" label="atrium.contacts.fields.status">
                  <ReferenceField source="status" reference="contact-statuses" link={false} empty="—">
                    <TextField source="name" />
                  </ReferenceField>
                </DataTable.Col>
                {/* The contract neither filters nor orders by the source: shown only. */}
                <DataTable.Col source="categories" label="atrium.contacts.fields.categories_source" disableSort>
                  <CategoriesAndSource />
                </DataTable.Col>
                <DataTable.Col source="created_at" label="atrium.contacts.fields.created_at">
                  <AddedField />
                </DataTable.Col>
              </DataTable>
            }
            primary={fullName}
            secondary={() => <PhoneDetails />}
            tertiary={() => (
              <ReferenceField source="status" reference="contact-statuses" link={false}>
                <TextField source="name" variant="caption" />
              </ReferenceField>
            )}
          />
        </ListView>
      </SharedFilterForm>
    </ListBase>
  );
}
