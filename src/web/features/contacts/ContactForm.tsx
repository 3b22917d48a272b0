import { Grid, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextArrayInput,
  TextInput,
  email,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { validatorsFor } from '../../../api/validators';
import { CountryAutocompleteInput } from '../../common/CountryAutocompleteInput';
import { AskBeforeLeaving } from '../../common/forms';
import { usePhoneShownRecord } from '../../common/PhoneField';
import { FormToolbar } from './FormToolbar';
import type { SchemaContact } from '../../../api/schema';

// The contract's limits of every field; the email check is the form's own (the contract allows '').
const v = validatorsFor('ContactRequest');
const emailRules = [...v.email, email('atrium.validation.email')];

type Category = { name: string; is_particular?: boolean };

/** At least a phone or an email (the server says the same: 'Add at least one contact'). */
const needsChannel = (values: { phone?: string; email?: string }) =>
  values.phone?.trim() || values.email?.trim() ? {} : { phone: 'atrium.contacts.at_least_one' };

/** Where an edited contact came from (a landing's funnel name); nothing for one added by hand. */
function SourceLine() {
  const translate = useTranslate();
  const record = useRecordContext<SchemaContact>();
  if (!record?.source) return null;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ mb: 2, overflowWrap: 'anywhere' }}
      data-testid="contact-form-source"
    >
      {translate('atrium.contacts.source_line', { source: record.source })}
    </Typography>
  );
}

export function ContactForm() {
  const translate = useTranslate();
  const record = usePhoneShownRecord();
  // A particular category says so in the picker: a contact may have only one of them.
  const categoryText = (c: Category) =>
    c.is_particular ? `${c.name} (${translate('atrium.contacts.particular_mark')})` : c.name;
  return (
    <SimpleForm
      record={record}
      validate={needsChannel}
      toolbar={
        <FormToolbar deleteTitle="atrium.contacts.delete_title" deleteContent="atrium.contacts.delete_content" />
      }
    >
      <AskBeforeLeaving />
      <SourceLine />
      <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 800 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="first_name" label="atrium.contacts.fields.first_name" validate={v.first_name} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="last_name" label="atrium.contacts.fields.last_name" validate={v.last_name} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="phone" label="atrium.contacts.fields.phone" validate={v.phone} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="email" type="email" label="atrium.contacts.fields.email" validate={emailRules} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="city" label="atrium.contacts.fields.city" validate={v.city} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <CountryAutocompleteInput source="country" label="atrium.contacts.fields.country" validate={v.country} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <ReferenceInput source="status" reference="contact-statuses">
            <SelectInput
              label="atrium.contacts.fields.status"
              optionText="name"
              emptyText="atrium.contacts.bulk.clear_status"
              validate={v.status}
              fullWidth
            />
          </ReferenceInput>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <ReferenceArrayInput source="categories" reference="contact-categories" perPage={200}>
            <AutocompleteArrayInput
              label="atrium.contacts.fields.categories"
              optionText={categoryText}
              validate={v.categories}
              fullWidth
            />
          </ReferenceArrayInput>
        </Grid>
        <Grid size={12}>
          <TextArrayInput source="tags" label="atrium.contacts.fields.tags" validate={v.tags} fullWidth />
        </Grid>
      </Grid>
    </SimpleForm>
  );
}
