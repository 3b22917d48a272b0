import { useState } from 'react';
import { Alert, Autocomplete, Box, Button, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { SchemaLanguage, SchemaStaffTag, SchemaStaffUserDetails } from '../../../../api/schema';
import { fieldErrorsOf, formErrors } from '../../../common/errors';
import { timeZoneChoices } from '../../../common/inputs';
import { ErrorBlock, LoadingBlock } from '../../../common/States';
import { useProviderMutation } from '../../../providers/data/providerHooks';
import { useTagsGroups } from '../../../providers/data/staffHooks';
import { contractRules } from '../../../../api/validators';

const L = (key: string) => `atrium.person.settings.${key}`;
const LANGUAGES: SchemaLanguage[] = ['ru', 'en', 'de'];
const ZONES = timeZoneChoices.map((z) => z.id);
type Label = Pick<SchemaStaffTag, 'id' | 'name'>;

/** Tags, groups, work zone, language, time zone and the partner flag of the person (update_settings). */
export function SettingsTab({ person }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const notify = useNotify();
  const labels = useTagsGroups();
  const [tags, setTags] = useState<Label[]>(person.tags);
  const [groups, setGroups] = useState<Label[]>(person.groups);
  const [workZone, setWorkZone] = useState(person.work_zone ?? '');
  const [language, setLanguage] = useState<SchemaLanguage>(person.language ?? 'ru');
  const [timeZone, setTimeZone] = useState(person.time_zone ?? '');
  const [partner, setPartner] = useState(person.is_partner);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useProviderMutation('updateUserSettings', {
    onSuccess: () => {
      setErrors({});
      setAlert(null);
      notify('atrium.person.settings.saved', { type: 'success' });
    },
    onError: (err) => {
      setErrors(fieldErrorsOf(err));
      setAlert(
        formErrors(err, translate, ['tags', 'groups', 'work_zone', 'language', 'time_zone', 'is_partner']).alert,
      );
    },
  });
  if (labels.isPending) return <LoadingBlock />;
  if (labels.error) return <ErrorBlock error={labels.error} onRetry={() => void labels.refetch()} />;
  const picker = (name: 'tags' | 'groups', options: Label[], value: Label[], onChange: (v: Label[]) => void) => (
    <Autocomplete
      multiple
      options={options}
      value={value}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => {
        onChange(v);
      }}
      renderInput={(params) => (
        <TextField {...params} label={translate(L(name))} error={!!errors[name]} helperText={errors[name]} />
      )}
    />
  );
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate([
          {
            user_id: person.id,
            tags: tags.map((t) => t.id),
            groups: groups.map((g) => g.id),
            work_zone: workZone.trim() || null,
            language,
            ...(timeZone && { time_zone: timeZone }),
            is_partner: partner,
          },
        ]);
      }}
      sx={{ maxWidth: 640 }}
    >
      <Stack spacing={2}>
        {alert && <Alert severity="error">{alert}</Alert>}
        {picker('tags', labels.data.tags, tags, setTags)}
        {picker('groups', labels.data.groups, groups, setGroups)}
        <TextField
          label={translate(L('work_zone'))}
          value={workZone}
          onChange={(e) => {
            setWorkZone(e.target.value);
          }}
          error={!!errors.work_zone}
          helperText={errors.work_zone}
          slotProps={{ htmlInput: { maxLength: contractRules.UpdateUserSettingsRequest.work_zone.maxLength } }}
        />
        <TextField
          select
          label={translate(L('language'))}
          value={language}
          onChange={(e) => {
            setLanguage(e.target.value as SchemaLanguage);
          }}
        >
          {LANGUAGES.map((l) => (
            <MenuItem key={l} value={l}>
              {translate(`atrium.languages.${l}`)}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          options={ZONES}
          value={timeZone || null}
          onChange={(_e, v) => {
            setTimeZone(v ?? '');
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate(L('time_zone'))}
              error={!!errors.time_zone}
              helperText={errors.time_zone}
            />
          )}
        />
        <FormControlLabel
          control={
            <Switch
              checked={partner}
              onChange={(e) => {
                setPartner(e.target.checked);
              }}
            />
          }
          label={translate(L('is_partner'))}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {translate(L('save'))}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
