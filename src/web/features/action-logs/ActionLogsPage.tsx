import { Box, Divider, Link, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import dayjs from 'dayjs';
import {
  AutocompleteInput,
  DataTable,
  FunctionField,
  ListBase,
  Loading,
  RecordContextProvider,
  ReferenceInput,
  SelectInput,
  Title,
  useInput,
  useListContext,
  useTranslate,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { SchemaActionLog, SchemaUserBrief } from '../../../api/schema';
import type { ActionLogPerson } from './data';
import { actionLogs } from './i18n';
import { InstantField } from '../../common/fields';
import { SharedFilterActions, SharedFilterListView } from '../../common/SharedFilterForm';
import { DatePicker, PICKER_FORMAT } from '../../common/pickers';

/**
 * Every action the history names, as a filter choice in the interface language; not user_imported,
 * which only a person's own history shows (read from their import's one entry).
 */
const KIND_CHOICES = Object.keys(actionLogs.en.kinds)
  .filter((id) => id !== 'user_imported')
  .map((id) => ({ id, name: `atrium.action-logs.kinds.${id}` }));

const personText = (p: ActionLogPerson) => `${p.first_name} ${p.last_name}`.trim() + (p.email ? ` · ${p.email}` : '');

/** A person picked by name or email, searched on the server; the filter keeps their id. */
function PersonInput({ source, label }: { source: 'actor_id' | 'subject_id'; label: string; alwaysOn?: boolean }) {
  return (
    <ReferenceInput source={source} reference="action-log-people" perPage={20}>
      <AutocompleteInput
        label={label}
        optionText={personText}
        filterToQuery={(q: string) => ({ q })}
        // The server already matched name and email: show its answer as it is.
        matchSuggestion={() => true}
        noOptionsText="atrium.action-logs.no_people"
        sx={{ minWidth: 240 }}
        helperText={false}
      />
    </ReferenceInput>
  );
}

/** A day (YYYY-MM-DD) picked as DD/MM/YYYY; the server reads it in the caller's time zone. */
function DayInput({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const value = typeof field.value === 'string' && field.value ? dayjs(field.value) : null;
  return (
    <DatePicker
      label={translate(label)}
      value={value}
      onChange={(v) => {
        field.onChange(v?.isValid() ? v.format('YYYY-MM-DD') : null);
      }}
      format={PICKER_FORMAT.date}
      slotProps={{ textField: { size: 'small', sx: { width: 170 }, onBlur: field.onBlur }, field: { clearable: true } }}
    />
  );
}

const filters = [
  <PersonInput key="actor_id" source="actor_id" label="atrium.action-logs.actor_id" alwaysOn />,
  <PersonInput key="subject_id" source="subject_id" label="atrium.action-logs.subject_id" alwaysOn />,
  <SelectInput
    key="kind"
    source="kind"
    label="atrium.action-logs.kind"
    choices={KIND_CHOICES}
    emptyText="atrium.action-logs.all_kinds"
    alwaysOn
    helperText={false}
    sx={{ minWidth: 200 }}
  />,
  <DayInput key="date_from" source="date_from" label="atrium.action-logs.date_from" alwaysOn />,
  <DayInput key="date_to" source="date_to" label="atrium.action-logs.date_to" alwaysOn />,
];

const name = (u: SchemaUserBrief | null | undefined) => (u ? `${u.first_name} ${u.last_name}`.trim() : '—');

/**
 * A person's name; a click keeps only the entries by (or about) them: it sets the person field of the
 * list's filter form, so a kind or a day picked just before or after goes out with it in one submit.
 */
function PersonFilter({ who, field }: { who: SchemaUserBrief | null | undefined; field: 'actor_id' | 'subject_id' }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  if (!who) return <>—</>;
  const label = translate(field === 'actor_id' ? 'atrium.action-logs.only_by' : 'atrium.action-logs.only_about', {
    name: name(who),
  });
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      title={label}
      aria-label={label}
      onClick={() => {
        setValue(field, who.id, { shouldDirty: true });
      }}
      sx={{ textAlign: 'left' }}
    >
      {name(who)}
    </Link>
  );
}

/** Nothing under the chosen filters; or, with none chosen (the filters are not shown then), nothing yet. */
function Empty({ noneYet = false }: { noneYet?: boolean }) {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary">
      {translate(noneYet ? 'atrium.action-logs.none_yet' : 'atrium.action-logs.empty')}
    </Typography>
  );
}

/** On a phone, each entry as its sentence with the time and the people under it: five columns do not fit. */
function HistoryEntries() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<SchemaActionLog>();
  if (isPending) return null;
  if (!data?.length) return <Empty />;
  return (
    <Stack divider={<Divider />} sx={{ px: 1 }}>
      {data.map((r) => (
        <RecordContextProvider key={r.id} value={r}>
          <Box sx={{ py: 1.5 }}>
            <Typography variant="body2">{r.description}</Typography>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{
                flexWrap: 'wrap',
                rowGap: 0.25,
                mt: 0.5,
                typography: 'caption',
                color: 'text.secondary',
                '& .MuiTypography-root': { font: 'inherit' },
              }}
            >
              <InstantField source="created_at" />
              <PersonFilter who={r.actor} field="actor_id" />
              {r.subject && <PersonFilter who={r.subject} field="subject_id" />}
              {r.view_as && <span>{`${translate('atrium.action-logs.view_as')}: ${name(r.view_as)}`}</span>}
            </Stack>
          </Box>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/** The actions history: each entry as its sentence in the caller's language, with actor, subject and view-as. */
export default function ActionLogsPage() {
  const translate = useTranslate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  return (
    <>
      <Title title={translate('atrium.action-logs.title')} />
      <ListBase
        resource="action-logs"
        perPage={25}
        sort={{ field: 'created_at', order: 'DESC' }}
        authLoading={<Loading />}
        offline={false}
      >
        <SharedFilterListView filters={filters} title=" " actions={<SharedFilterActions />} empty={<Empty noneYet />}>
          {phone ? (
            <HistoryEntries />
          ) : (
            <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
              <DataTable.Col source="created_at" label="atrium.action-logs.when" disableSort>
                <InstantField source="created_at" />
              </DataTable.Col>
              <DataTable.Col label="atrium.action-logs.actor">
                <FunctionField<SchemaActionLog> render={(r) => <PersonFilter who={r.actor} field="actor_id" />} />
              </DataTable.Col>
              <DataTable.Col label="atrium.action-logs.subject">
                <FunctionField<SchemaActionLog> render={(r) => <PersonFilter who={r.subject} field="subject_id" />} />
              </DataTable.Col>
              <DataTable.Col label="atrium.action-logs.view_as">
                <FunctionField<SchemaActionLog> render={(r) => name(r.view_as)} />
              </DataTable.Col>
              <DataTable.Col source="description" label="atrium.action-logs.what" disableSort />
            </DataTable>
          )}
        </SharedFilterListView>
      </ListBase>
    </>
  );
}
