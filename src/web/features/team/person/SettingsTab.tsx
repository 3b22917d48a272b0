import { useMemo } from 'react';
import { Alert, Autocomplete, Box, Button, Stack, TextField } from '@mui/material';
import {
  BooleanInput,
  Form,
  InputHelperText,
  SelectInput,
  TextInput,
  useInput,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { SchemaLanguage, SchemaStaffTag, SchemaStaffUserDetails } from '../../../../api/schema';
import { requiredValue } from '../../../../api/validation';
import { contractRules, validatorsFor } from '../../../../api/validators';
import { submissionErrors, useFormAlert } from '../../../common/errors';
import { useTimeZoneChoices } from '../../../common/inputs';
import { AskBeforeLeaving } from '../../../common/forms';
import { ErrorBlock, LoadingBlock } from '../../../common/States';
import { trimmed } from '../../../common/trimmed';
import { useProviderMutation } from '../../../providers/data/providerHooks';
import { useTagsGroups } from '../../staff/hooks';

const L = (key: string) => `atrium.person.settings.${key}`;
const LANGUAGES: SchemaLanguage[] = ['ru', 'en', 'de'];
const FIELDS = ['tags', 'groups', 'work_zone', 'language', 'time_zone', 'is_partner'];
const contract = validatorsFor('UpdateUserSettingsRequest');
const rules = {
  tags: contract.tags,
  groups: contract.groups,
  work_zone: trimmed(contract.work_zone),
  // A person's language can be changed but not removed, so the form always sends one.
  language: [...contract.language, requiredValue],
  time_zone: contract.time_zone,
};
type Label = Pick<SchemaStaffTag, 'id' | 'name'>;
type Values = {
  tags?: number[];
  groups?: number[];
  work_zone?: string | null;
  language?: SchemaLanguage;
  time_zone?: string | null;
  is_partner?: boolean;
};

/** The form's error of a custom input, under it (react-admin's wording). */
function helper(error: string | undefined) {
  return error ? <InputHelperText error={error} /> : undefined;
}

/** Tags or groups picked by name; the form holds their ids. The person's own are offered even if not listed. */
function LabelsInput({
  source,
  options,
  own,
  validate,
}: {
  source: 'tags' | 'groups';
  options: Label[];
  own: Label[];
  validate: Validator[];
}) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, validate });
  const all = useMemo(() => [...options, ...own.filter((o) => !options.some((l) => l.id === o.id))], [options, own]);
  const ids = Array.isArray(field.value) ? (field.value as number[]) : [];
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Autocomplete
      multiple
      options={all}
      value={all.filter((l) => ids.includes(l.id))}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => {
        field.onChange(v.map((l) => l.id));
      }}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={translate(L(source))}
          error={!!error}
          helperText={helper(error)}
        />
      )}
    />
  );
}

/** The person's time zone, picked among the zones the browser knows, named as the Details tab names it. */
function TimeZoneInput() {
  const translate = useTranslate();
  const { choices, matchSuggestion } = useTimeZoneChoices();
  const { field, fieldState } = useInput({ source: 'time_zone', validate: rules.time_zone });
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  const id = typeof field.value === 'string' && field.value ? field.value : null;
  // A zone the browser does not list is kept and shown as its id.
  const value = id ? (choices.find((c) => c.id === id) ?? { id, name: id }) : null;
  return (
    <Autocomplete
      options={choices}
      value={value}
      onChange={(_e, v) => {
        field.onChange(v?.id ?? '');
      }}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options, { inputValue }) => options.filter((o) => matchSuggestion(inputValue, o))}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={translate(L('time_zone'))}
          error={!!error}
          helperText={helper(error)}
        />
      )}
    />
  );
}

function FormProblem() {
  const alert = useFormAlert();
  return alert ? <Alert severity="error">{alert}</Alert> : null;
}

function SaveButton() {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting}>
      {translate(L('save'))}
    </Button>
  );
}

/** Tags, groups, work zone, language, time zone and the partner flag of the person (update_settings). */
export function SettingsTab({ person }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const notify = useNotify();
  const labels = useTagsGroups();
  const save = useProviderMutation('updateUserSettings');
  const languages = useMemo(
    () => LANGUAGES.map((l) => ({ id: l, name: translate(`atrium.languages.${l}`) })),
    [translate],
  );
  if (labels.isPending) return <LoadingBlock />;
  if (labels.error) return <ErrorBlock error={labels.error} onRetry={() => void labels.refetch()} />;
  const submit = async (values: Values) => {
    try {
      await save.mutateAsync([
        {
          user_id: person.id,
          tags: values.tags ?? [],
          groups: values.groups ?? [],
          work_zone: values.work_zone?.trim() || null,
          language: values.language,
          ...(values.time_zone && { time_zone: values.time_zone }),
          is_partner: values.is_partner ?? false,
        },
      ]);
      notify('atrium.person.settings.saved', { type: 'success' });
      return undefined;
    } catch (err) {
      return submissionErrors(err, translate, FIELDS);
    }
  };
  const opening: Values = {
    tags: person.tags.map((t) => t.id),
    groups: person.groups.map((g) => g.id),
    work_zone: person.work_zone ?? '',
    language: person.language ?? 'ru',
    time_zone: person.time_zone ?? '',
    is_partner: person.is_partner,
  };
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Form<Values> defaultValues={opening} onSubmit={submit} noValidate disableInvalidFormNotification>
        <AskBeforeLeaving />
        <Stack spacing={2}>
          <FormProblem />
          <LabelsInput source="tags" options={labels.data.tags} own={person.tags} validate={rules.tags} />
          <LabelsInput source="groups" options={labels.data.groups} own={person.groups} validate={rules.groups} />
          <TextInput
            source="work_zone"
            label={L('work_zone')}
            validate={rules.work_zone}
            helperText={false}
            slotProps={{ htmlInput: { maxLength: contractRules.UpdateUserSettingsRequest.work_zone.maxLength } }}
          />
          <SelectInput
            source="language"
            label={L('language')}
            choices={languages}
            validate={rules.language}
            helperText={false}
          />
          <TimeZoneInput />
          <BooleanInput source="is_partner" label={L('is_partner')} helperText={false} />
          <Box>
            <SaveButton />
          </Box>
        </Stack>
      </Form>
    </Box>
  );
}
