import {
  AutocompleteInput,
  BooleanInput,
  PasswordInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { Alert, Grid } from '@mui/material';
import { validatorsFor } from '../../../api/validators';
import { CountryAutocompleteInput } from '../../common/CountryAutocompleteInput';
import { usePhoneShownRecord } from '../../common/PhoneField';
import { useTimeZoneChoices } from '../../common/inputs';
import { languageChoices } from '../../common/choices';
import { leadStatusChoices, roleChoices } from './choices';

const createRules = validatorsFor('AdminUserCreate');
const updateRules = validatorsFor('AdminUserUpdate');

/** How a person made here gets in: an invitation, a password given to them, or not yet. */
function HowIn() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('atrium.users.how_in')}</Alert>;
}

export function UserForm({ creating = false }: { creating?: boolean }) {
  // Creating requires the names and role; editing only keeps them from going blank.
  const v = creating ? createRules : updateRules;
  const zones = useTimeZoneChoices();
  const record = usePhoneShownRecord();
  return (
    <SimpleForm record={record}>
      <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 800 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="first_name" label="atrium.users.fields.first_name" validate={v.first_name} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="last_name" label="atrium.users.fields.last_name" validate={v.last_name} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="email" type="email" label="atrium.users.fields.email" validate={v.email} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="phone" label="atrium.users.fields.phone" validate={v.phone} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="city" label="atrium.users.fields.city" validate={v.city} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <CountryAutocompleteInput source="country" label="atrium.users.fields.country" validate={v.country} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectInput
            source="role"
            label="atrium.users.fields.role"
            choices={roleChoices}
            validate={v.role}
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectInput
            source="language"
            label="atrium.users.fields.language"
            choices={languageChoices}
            validate={v.language}
            helperText={creating ? 'atrium.users.language_hint' : undefined}
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {/* Empty on a new user: the server takes the zone of their country or phone (#40 finding 11). */}
          <AutocompleteInput
            source="time_zone"
            label="atrium.users.fields.time_zone"
            {...zones}
            validate={v.time_zone}
            helperText={creating ? 'atrium.users.time_zone_hint' : undefined}
            fullWidth
          />
        </Grid>
        {!creating && (
          <Grid size={{ xs: 12, sm: 4 }}>
            <SelectInput
              source="lead_status"
              label="atrium.users.fields.lead_status"
              choices={leadStatusChoices}
              validate={updateRules.lead_status}
              fullWidth
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <BooleanInput source="is_active" label="atrium.users.fields.is_active" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <BooleanInput source="is_partner" label="atrium.users.fields.is_partner" />
        </Grid>
        {creating && (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PasswordInput
                source="password"
                label="atrium.users.fields.password"
                validate={createRules.password}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <BooleanInput
                source="send_invitation"
                label="atrium.users.send_invitation"
                helperText="atrium.person.send_invitation_hint"
              />
            </Grid>
            <Grid size={12}>
              <HowIn />
            </Grid>
          </>
        )}
      </Grid>
    </SimpleForm>
  );
}
