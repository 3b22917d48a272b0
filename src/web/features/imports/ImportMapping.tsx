import { useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';
import { IMPORT_FIELDS, type ImportField } from '../../../api/importFields';
import type { SchemaLanguage, SchemaProfile, SchemaUserImportSaved } from '../../../api/schema';
import { CountrySelect } from '../../common/CountrySelect';
import { browserRegion } from '../../common/countries';
import { fieldErrorsOf, useNotifyError } from '../../common/errors';
import { browserTimeZone, useTimeZone } from '../../common/format';
import { timeZoneChoices } from '../../common/inputs';
import { useProviderMutation, useProviderQuery } from '../../providers/data/providerHooks';
import { StaffPicker } from '../staff/StaffPicker';

const T = (key: string) => `atrium.imports.${key}`;
const ZONES = timeZoneChoices.map((z) => z.id);
const LANGUAGES: SchemaLanguage[] = ['ru', 'en', 'de'];
const SAMPLES = 3;

/** Field -> the file's column chosen for it ('' none), from the server's column -> field suggestion. */
function byField(suggested: Record<string, ImportField>): Record<ImportField, string> {
  const chosen = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, ''])) as Record<ImportField, string>;
  for (const [column, field] of Object.entries(suggested)) chosen[field] = column;
  return chosen;
}

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
 * Atrium's fields, each with the file's column chosen for it (suggested by the server, or the mapping
 * last started for a file with the same header) and three sample values; then the settings of the
 * imported people (consultant, tag, phone region, country, language, time zone, invitations) and start.
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
  const notifyError = useNotifyError();
  const { data: me } = useGetIdentity();
  const profile = (me as { profile?: SchemaProfile } | undefined)?.profile;
  const [mapping, setMapping] = useState(() => byField(saved.preview.suggested_mapping));
  const [consultant, setConsultant] = useState<number | ''>(consultantId || '');
  const [tag, setTag] = useState('');
  // How phones without a country code are read (for rows without a country): the importer's region at first.
  const [region, setRegion] = useState(() => browserRegion() ?? '');
  // The country and language of people whose row names none: the importer's own at first.
  const [country, setCountry] = useState<string | null>(null);
  const [language, setLanguage] = useState<SchemaLanguage | null>(null);
  const countryValue = country ?? profile?.country ?? '';
  const languageValue = language ?? profile?.language ?? 'ru';
  const [invite, setInvite] = useState(false);
  // The time zone of imported people whose row names none: the importer's own at first.
  const myZone = useTimeZone();
  const [zone, setZone] = useState<string | null>(null);
  const timeZone = zone ?? myZone ?? browserTimeZone();
  // No tag is offered until they are read (none when they cannot be).
  const tags = useProviderQuery('importTags', []).data ?? [];
  const [errors, setErrors] = useState<Record<string, string>>({});
  // startImport reads every list again (the imports list shows it running) before onStarted.
  const starting = useProviderMutation('startImport', {
    onSuccess: onStarted,
    onError: (e) => {
      setErrors(fieldErrorsOf(e));
      notifyError(e);
    },
  });
  const start = () => {
    // The consultant and the tag are required: said under each field before anything is sent.
    const missing: Record<string, string> = {};
    if (!consultant) missing.consultant_id = translate('atrium.staff.people.select_consultant');
    if (!tag) missing.tag_id = translate('atrium.staff.people.select_tag');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const chosen = Object.fromEntries(
      IMPORT_FIELDS.filter((f) => mapping[f]).map((f) => [mapping[f], f] as const),
    ) as Record<string, ImportField>;
    starting.mutate([
      saved.id,
      {
        mapping: chosen,
        consultant_id: consultant || undefined,
        tag_id: Number(tag),
        ...(region && { default_region: region }),
        ...(/^[A-Z]{2}$/.test(countryValue) && { default_country: countryValue }),
        language: languageValue,
        time_zone: timeZone,
        send_invitations: invite,
      },
    ]);
  };
  const choose = (field: ImportField, column: string) => {
    // A column fills one field: choosing it here clears it elsewhere.
    const next = { ...mapping };
    for (const f of IMPORT_FIELDS) if (column && next[f] === column) next[f] = '';
    next[field] = column;
    setMapping(next);
  };
  // The file's columns no field takes: said under the table, so no column is dropped unseen.
  const taken = new Set(Object.values(mapping));
  const unmapped = saved.preview.columns.filter((c) => c && !taken.has(c));
  const empty = saved.total === 0;
  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="h6">{translate(T('preview'))}</Typography>
      <Typography variant="body2" color="text.secondary" data-testid="mapping-source">
        {translate(T(saved.preview.mapping_saved ? 'mapping_saved' : 'mapping_suggested'), {
          columns: saved.preview.columns.length,
        })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(T('preview'))}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(T('field'))}</TableCell>
              <TableCell>{translate(T('column'))}</TableCell>
              <TableCell>{translate(T('samples'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {IMPORT_FIELDS.map((f) => (
              <TableRow key={f}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(T(`fields.${f}`))}</TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    label={translate(T(`fields.${f}`))}
                    value={mapping[f]}
                    onChange={(e) => {
                      choose(f, e.target.value);
                    }}
                    sx={{ minWidth: 220 }}
                    slotProps={{ htmlInput: { 'data-testid': `map-${f}` } }}
                  >
                    <MenuItem value="">{translate(T('ignore'))}</MenuItem>
                    {saved.preview.columns.map((c) => (
                      <MenuItem key={c} value={c}>
                        {c}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell data-testid={`samples-${f}`} sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
                  {mapping[f] ? samples(saved, mapping[f]).join(' · ') : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {unmapped.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="mapping-unmapped">
          {translate(T('unmapped'), { smart_count: unmapped.length, columns: unmapped.join(', ') })}
        </Typography>
      )}
      {errors.mapping && <Typography color="error">{errors.mapping}</Typography>}
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        {translate(T('settings'))}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(T('settings_hint'))}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
        <Box sx={{ minWidth: 260 }}>
          <StaffPicker
            value={consultant}
            onChange={setConsultant}
            label={translate(T('consultant'))}
            error={errors.consultant_id}
          />
        </Box>
        <TextField
          select
          label={translate(T('tag'))}
          required
          value={tag}
          onChange={(e) => {
            setTag(e.target.value);
          }}
          sx={{ minWidth: 200 }}
          error={Boolean(errors.tag_id)}
          helperText={errors.tag_id}
        >
          {tags.map((x) => (
            <MenuItem key={x.id} value={String(x.id)}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ minWidth: 220 }}>
          <CountrySelect
            value={region}
            onChange={setRegion}
            label={translate(T('phone_region'))}
            name="default_region"
            error={errors.default_region}
          />
        </Box>
        <Box sx={{ minWidth: 300 }}>
          <CountrySelect
            value={countryValue}
            onChange={setCountry}
            label={translate(T('country'))}
            name="default_country"
            error={errors.default_country}
          />
        </Box>
        <TextField
          select
          label={translate(T('language'))}
          value={languageValue}
          onChange={(e) => {
            setLanguage(e.target.value as SchemaLanguage);
          }}
          sx={{ minWidth: 160 }}
          error={Boolean(errors.language)}
          helperText={errors.language}
        >
          {LANGUAGES.map((l) => (
            <MenuItem key={l} value={l}>
              {translate(`atrium.languages.${l}`)}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          options={ZONES}
          value={timeZone}
          onChange={(_e, z) => {
            if (z) setZone(z);
          }}
          disableClearable
          sx={{ minWidth: 240 }}
          renderInput={(params) => (
            <TextField
              {...params}
              name="time_zone"
              label={translate(T('time_zone'))}
              error={Boolean(errors.time_zone)}
              helperText={errors.time_zone}
            />
          )}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={invite}
              onChange={(e) => {
                setInvite(e.target.checked);
              }}
            />
          }
          label={translate(T('send_invitations'))}
        />
        <Button
          variant="contained"
          onClick={start}
          disabled={starting.isPending || empty}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0, alignSelf: 'center' }}
        >
          {translate(T('start'))}
        </Button>
      </Stack>
      {empty && (
        <Typography color="error" sx={{ mt: 1 }} data-testid="mapping-empty">
          {translate(T('no_rows'))}
        </Typography>
      )}
    </Box>
  );
}
