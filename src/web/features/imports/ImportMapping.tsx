import { Alert, Box, Button, MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  Form,
  ListContextProvider,
  SelectInput,
  SimpleList,
  useGetIdentity,
  useInput,
  useList,
  useTranslate,
  ValidationError,
} from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { IMPORT_FIELDS, type ImportField } from '../../../api/importFields';
import type { SchemaLanguage, SchemaProfile, SchemaUserImportSaved } from '../../../api/schema';
import { validatorsFor } from '../../../api/validators';
import { CountryAutocompleteInput } from '../../common/CountryAutocompleteInput';
import { browserRegion } from '../../common/countries';
import { submissionErrors, useFormAlert } from '../../common/errors';
import { browserTimeZone } from '../../common/format';
import { CheckboxInput, useTimeZoneChoices } from '../../common/inputs';
import { useProviderMutation, useProviderQuery } from '../../providers/data/providerHooks';
import { StaffPicker } from '../staff/public';

const T = (key: string) => `atrium.imports.${key}`;
const LANGUAGES: SchemaLanguage[] = ['ru', 'en', 'de'];
const SAMPLES = 3;
// The contract's rules, with the spec's words for a missing consultant or tag.
const rules = validatorsFor('ImportStartRequest', {
  consultant_id: { presence: 'atrium.staff.people.select_consultant' },
  tag_id: { presence: 'atrium.staff.people.select_tag' },
});
/** The fields the form shows; the server's other messages (the mapping's) go to the form's alert. */
const VISIBLE = ['consultant_id', 'tag_id', 'default_region', 'default_country', 'language', 'time_zone'];

/** Field -> the column chosen for it ('' none); phone_other takes any number of columns (every other phone). */
type Mapping = Record<Exclude<ImportField, 'phone_other'>, string> & { phone_other: string[] };
type Values = {
  mapping: Mapping;
  consultant_id: number | null;
  tag_id: number | null;
  default_region: string | null;
  default_country: string | null;
  language: SchemaLanguage;
  time_zone: string;
  send_invitations: boolean;
};
type FieldRow = { id: ImportField };

/** Field -> the file's columns chosen for it, from the server's column -> field suggestion. */
function byField(suggested: Record<string, ImportField>): Mapping {
  const chosen = { ...Object.fromEntries(IMPORT_FIELDS.map((f) => [f, ''])), phone_other: [] } as unknown as Mapping;
  for (const [column, field] of Object.entries(suggested))
    if (field === 'phone_other') chosen.phone_other.push(column);
    else chosen[field] = column;
  return chosen;
}

/** The columns a field takes (none, one, or for phone_other several). */
const columnsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? (value as string[]) : [value as string | undefined]).filter((c): c is string => !!c);

/** A sample as a person reads it at a glance: a long cell (a whole text, a broken line) is cut. */
const SAMPLE_CHARS = 60;
const cut = (v: string) => (v.length > SAMPLE_CHARS ? `${v.slice(0, SAMPLE_CHARS)}…` : v);

/** The first non-empty values of a column in the preview rows. */
function samples(saved: SchemaUserImportSaved, column: string): string[] {
  const i = saved.preview.columns.indexOf(column);
  if (i < 0) return [];
  return saved.preview.rows
    .map((r) => (r[i] ?? '').trim())
    .filter(Boolean)
    .slice(0, SAMPLES)
    .map(cut);
}

/**
 * The file's column an Atrium field takes ('' none); "Other phones" takes any number of them (Google's
 * Phone 2 and 3, Outlook's Business and Home phones…). A column fills one field, so choosing it clears
 * it elsewhere.
 */
function ColumnInput({ field, columns }: { field: ImportField; columns: string[] }) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext<Values>();
  const { field: input } = useInput({ source: `mapping.${field}` });
  const multiple = field === 'phone_other';
  return (
    <TextField
      select
      size="small"
      label={translate(T(`fields.${field}`))}
      name={input.name}
      value={multiple ? columnsOf(input.value) : ((input.value as string | undefined) ?? '')}
      slotProps={{
        htmlInput: { 'data-testid': `map-${field}` },
        select: multiple ? { multiple: true, renderValue: (v) => columnsOf(v).join(', ') } : undefined,
      }}
      onChange={(e) => {
        const value = e.target.value as string | string[];
        // "Ignore" among several empties the field; else the columns picked.
        const picked = Array.isArray(value) ? (value.includes('') ? [] : value) : columnsOf(value);
        for (const other of IMPORT_FIELDS) {
          if (other === field) continue;
          const was = columnsOf(getValues(`mapping.${other}`));
          const left = was.filter((c) => !picked.includes(c));
          if (left.length !== was.length)
            setValue(`mapping.${other}`, other === 'phone_other' ? left : '', { shouldDirty: true });
        }
        input.onChange(multiple ? picked : (picked[0] ?? ''));
      }}
      onBlur={input.onBlur}
      sx={{ minWidth: 220, maxWidth: 360 }}
    >
      <MenuItem value="">{translate(T('ignore'))}</MenuItem>
      {columns.map((c) => (
        <MenuItem key={c} value={c}>
          {c}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The first values of the column chosen for `field`. */
function Samples({ field, saved }: { field: ImportField; saved: SchemaUserImportSaved }) {
  const chosen = useWatch<Values, `mapping.${ImportField}`>({ name: `mapping.${field}` });
  return (
    <Box component="span" data-testid={`samples-${field}`} sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
      {columnsOf(chosen)
        .flatMap((column) => samples(saved, column))
        .join(' · ')}
    </Box>
  );
}

/** Atrium's fields as a react-admin list of their own: a table on a desktop, a simple list on a phone. */
function MappingList({ saved }: { saved: SchemaUserImportSaved }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const list = useList<FieldRow>({ data: IMPORT_FIELDS.map((id) => ({ id })), resource: 'import-fields' });
  const columns = saved.preview.columns;
  return (
    <ListContextProvider value={list}>
      {phone ? (
        <SimpleList<FieldRow>
          resource="import-fields"
          primaryText={(r) => <ColumnInput field={r.id} columns={columns} />}
          secondaryText={(r) => <Samples field={r.id} saved={saved} />}
          rowClick={false}
        />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable<FieldRow>
            resource="import-fields"
            size="small"
            bulkActionButtons={false}
            rowClick={false}
            aria-label={translate(T('preview'))}
          >
            <DataTable.Col
              label={T('field')}
              disableSort
              render={(r: FieldRow) => translate(T(`fields.${r.id}`))}
              cellSx={() => ({ whiteSpace: 'nowrap' })}
            />
            <DataTable.Col
              label={T('column')}
              disableSort
              render={(r: FieldRow) => <ColumnInput field={r.id} columns={columns} />}
            />
            <DataTable.Col
              label={T('samples')}
              disableSort
              render={(r: FieldRow) => <Samples field={r.id} saved={saved} />}
            />
          </DataTable>
        </Box>
      )}
    </ListContextProvider>
  );
}

/** The file's columns no field takes: said under the table, so no column is dropped unseen. */
function Unmapped({ columns }: { columns: string[] }) {
  const translate = useTranslate();
  const mapping = useWatch<Values, 'mapping'>({ name: 'mapping' });
  const taken = new Set(Object.values(mapping).flatMap(columnsOf));
  const unmapped = columns.filter((c) => c && !taken.has(c));
  if (unmapped.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="mapping-unmapped">
      {translate(T('unmapped'), { smart_count: unmapped.length, columns: unmapped.join(', ') })}
    </Typography>
  );
}

/** The consultant of the imported people, picked among the staff the importer may choose. */
function ConsultantInput() {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'consultant_id', validate: rules.consultant_id });
  return (
    <StaffPicker
      value={(field.value as number | null) ?? ''}
      onChange={field.onChange}
      label={translate(T('consultant'))}
      error={fieldState.error?.message ? <ValidationError error={fieldState.error.message} /> : undefined}
    />
  );
}

function FormProblem() {
  const alert = useFormAlert();
  return alert ? (
    <Alert severity="error" sx={{ mt: 1 }}>
      {alert}
    </Alert>
  ) : null;
}

function StartButton({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={isSubmitting || disabled}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0, alignSelf: 'center' }}
    >
      {translate(T('start'))}
    </Button>
  );
}

/**
 * Atrium's fields, each with the file's column chosen for it (suggested by the server, or the mapping
 * last started for a file with the same header) and three sample values; then the settings of the
 * imported people (consultant, tag, phone region, country, language, time zone, invitations) and start.
 * A react-admin <Form>: the contract's rules and the server's messages land under the fields.
 */
export function ImportMapping({
  saved,
  consultantId,
  onStarted,
}: {
  saved: SchemaUserImportSaved;
  consultantId: number;
  onStarted: () => void;
}) {
  const translate = useTranslate();
  const { data: me, isPending } = useGetIdentity();
  const zones = useTimeZoneChoices();
  // No tag is offered until they are read (none when they cannot be).
  const tags = useProviderQuery('importTags', []).data ?? [];
  // startImport reads every list again (the imports list shows it running) before onStarted.
  const starting = useProviderMutation('startImport');
  // The defaults are the importer's own, so the form waits for their profile.
  if (isPending) return null;
  const profile = (me as { profile?: SchemaProfile } | undefined)?.profile;
  const defaults: Values = {
    mapping: byField(saved.preview.suggested_mapping),
    consultant_id: consultantId || null,
    // An upload may have named its tag already (the contract lets the upload give it).
    tag_id: saved.tag?.id ?? null,
    // How phones without a country code are read (for rows without a country): the importer's region.
    default_region: browserRegion() ?? null,
    // The country, language and zone of people whose row names none: the importer's own.
    default_country: profile?.country && /^[A-Z]{2}$/.test(profile.country) ? profile.country : null,
    language: profile?.language ?? 'ru',
    time_zone: profile?.time_zone || browserTimeZone(),
    send_invitations: false,
  };
  const submit = async (data: FieldValues) => {
    const v = data as Values;
    const chosen = Object.fromEntries(
      IMPORT_FIELDS.flatMap((f) => columnsOf(v.mapping[f]).map((column) => [column, f] as const)),
    ) as Record<string, ImportField>;
    try {
      await starting.mutateAsync([
        saved.id,
        {
          mapping: chosen,
          consultant_id: v.consultant_id ?? undefined,
          tag_id: Number(v.tag_id),
          ...(v.default_region && { default_region: v.default_region }),
          ...(v.default_country && { default_country: v.default_country }),
          language: v.language,
          time_zone: v.time_zone,
          send_invitations: v.send_invitations,
        },
      ]);
      onStarted();
      return undefined;
    } catch (err) {
      return submissionErrors(err, translate, VISIBLE);
    }
  };
  const empty = saved.total === 0;
  return (
    <Box sx={{ my: 2 }}>
      <Form<Values> defaultValues={defaults} onSubmit={submit} noValidate>
        <Typography variant="h6">{translate(T('preview'))}</Typography>
        {/* Which upload this is: one continued from the list may be days old. */}
        <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }} data-testid="mapping-file">
          {saved.file_name}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="mapping-source">
          {translate(T(saved.preview.mapping_saved ? 'mapping_saved' : 'mapping_suggested'), {
            columns: saved.preview.columns.length,
          })}
        </Typography>
        <MappingList saved={saved} />
        <Unmapped columns={saved.preview.columns} />
        <FormProblem />
        <Typography variant="subtitle1" sx={{ mt: 2 }}>
          {translate(T('settings'))}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(T('settings_hint'))}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
          <Box sx={{ minWidth: 260 }}>
            <ConsultantInput />
          </Box>
          <SelectInput source="tag_id" label={T('tag')} choices={tags} validate={rules.tag_id} sx={{ minWidth: 200 }} />
          <Box sx={{ minWidth: 220 }}>
            <CountryAutocompleteInput
              source="default_region"
              label={T('phone_region')}
              validate={rules.default_region}
            />
          </Box>
          <Box sx={{ minWidth: 300 }}>
            <CountryAutocompleteInput source="default_country" label={T('country')} validate={rules.default_country} />
          </Box>
          <SelectInput
            source="language"
            label={T('language')}
            choices={LANGUAGES.map((l) => ({ id: l, name: `atrium.languages.${l}` }))}
            validate={rules.language}
            sx={{ minWidth: 160 }}
          />
          <AutocompleteInput
            source="time_zone"
            label={T('time_zone')}
            {...zones}
            validate={rules.time_zone}
            disableClearable
            sx={{ minWidth: 240 }}
          />
          <CheckboxInput source="send_invitations" label={T('send_invitations')} />
          <StartButton disabled={empty} />
        </Stack>
        {empty && (
          <Typography color="error" sx={{ mt: 1 }} data-testid="mapping-empty">
            {translate(T('no_rows'))}
          </Typography>
        )}
      </Form>
    </Box>
  );
}
