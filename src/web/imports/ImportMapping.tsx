import { useEffect, useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
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
import { useDataProvider, useTranslate } from 'react-admin';
import type { SchemaImportUserField, SchemaUserImportSaved } from '../../api/schema';
import { CountrySelect } from '../common/CountrySelect';
import { browserRegion } from '../common/countries';
import { fieldErrorsOf, useNotifyError } from '../common/errors';
import { browserTimeZone, useTimeZone } from '../common/format';
import { timeZoneChoices } from '../common/inputs';
import type { AtriumDataProvider } from '../providers/data';
import { useMutation } from '../providers/data/query';
import { StaffPicker } from '../staff/list/StaffPicker';

const FIELDS: SchemaImportUserField[] = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'country',
  'city',
  'date_birth',
  'language',
  'time_zone',
];

const ZONES = timeZoneChoices.map((z) => z.id);

/** The uploaded file's first rows with a field per column, the consultant, the tag, the phone region and the time zone; then start. */
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
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const [mapping, setMapping] = useState<Record<string, SchemaImportUserField | ''>>(saved.preview.suggested_mapping);
  const [consultant, setConsultant] = useState<number | ''>(consultantId || '');
  const [tag, setTag] = useState('');
  // How phones without a country code are read (for rows without a country): the importer's region at first.
  const [region, setRegion] = useState(() => browserRegion() ?? '');
  // The time zone of imported people whose row names none: the importer's own at first.
  const myZone = useTimeZone();
  const [zone, setZone] = useState<string | null>(null);
  const timeZone = zone ?? myZone ?? browserTimeZone();
  const [tags, setTags] = useState<Array<{ id: number; name: string }>>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    dataProvider.importTags().then(setTags, () => {
      setTags([]);
    });
  }, [dataProvider]);
  const starting = useMutation({
    mutationFn: () => {
      const chosen = Object.fromEntries(Object.entries(mapping).filter(([, f]) => f)) as Record<
        string,
        SchemaImportUserField
      >;
      return dataProvider.startImport(saved.id, {
        mapping: chosen,
        consultant_id: consultant || undefined,
        tag_id: Number(tag),
        ...(region && { default_region: region }),
        time_zone: timeZone,
      });
    },
    onSuccess: onStarted,
    onError: (e) => {
      setErrors(fieldErrorsOf(e));
      notifyError(e);
    },
  });
  const start = () => {
    starting.mutate();
  };
  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="h6">{translate('atrium.admin.imports.preview')}</Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {saved.preview.columns.map((c) => (
                <TableCell key={c}>
                  <TextField
                    select
                    size="small"
                    label={c}
                    value={mapping[c] ?? ''}
                    onChange={(e) => {
                      setMapping({ ...mapping, [c]: e.target.value as SchemaImportUserField | '' });
                    }}
                    sx={{ minWidth: 140 }}
                    slotProps={{ htmlInput: { 'data-testid': `map-${c}` } }}
                  >
                    <MenuItem value="">{translate('atrium.admin.imports.ignore')}</MenuItem>
                    {FIELDS.map((f) => (
                      <MenuItem key={f} value={f}>
                        {translate(`atrium.admin.imports.fields.${f}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {saved.preview.rows.map((row, i) => (
              <TableRow key={i}>
                {saved.preview.columns.map((c, j) => (
                  <TableCell key={c}>{row[j] ?? ''}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {errors.mapping && <Typography color="error">{errors.mapping}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <Box sx={{ minWidth: 260 }}>
          <StaffPicker
            value={consultant}
            onChange={setConsultant}
            label={translate('atrium.admin.imports.consultant')}
            error={errors.consultant_id}
          />
        </Box>
        <TextField
          select
          label={translate('atrium.admin.imports.tag')}
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
            label={translate('atrium.admin.imports.phone_region')}
            name="default_region"
            error={errors.default_region}
          />
        </Box>
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
              label={translate('atrium.admin.imports.time_zone')}
              error={Boolean(errors.time_zone)}
              helperText={errors.time_zone}
            />
          )}
        />
        <Button
          variant="contained"
          onClick={start}
          disabled={starting.isPending}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {translate('atrium.admin.imports.start')}
        </Button>
      </Stack>
    </Box>
  );
}
