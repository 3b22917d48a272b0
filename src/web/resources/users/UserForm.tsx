import { BooleanInput, PasswordInput, SelectInput, SimpleForm, TextInput, email, required } from 'react-admin';
import { Grid } from '@mui/material';
import { languageChoices, leadStatusChoices, roleChoices } from './choices';

export function UserForm({ creating = false }: { creating?: boolean }) {
  return (
    <SimpleForm>
      <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 800 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="first_name" label="atrium.users.fields.first_name" validate={required()} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="last_name" label="atrium.users.fields.last_name" validate={required()} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="email" type="email" label="atrium.users.fields.email" validate={email()} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="phone" label="atrium.users.fields.phone" fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="city" label="atrium.users.fields.city" fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="country" label="atrium.users.fields.country" fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectInput source="role" label="atrium.users.fields.role" choices={roleChoices} validate={required()} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectInput source="language" label="atrium.users.fields.language" choices={languageChoices} fullWidth />
        </Grid>
        {!creating && (
          <Grid size={{ xs: 12, sm: 4 }}>
            <SelectInput source="lead_status" label="atrium.users.fields.lead_status" choices={leadStatusChoices} fullWidth />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <BooleanInput source="is_active" label="atrium.users.fields.is_active" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <BooleanInput source="is_partner" label="atrium.users.fields.is_partner" />
        </Grid>
        {creating && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordInput source="password" label="atrium.users.fields.password" fullWidth />
          </Grid>
        )}
      </Grid>
    </SimpleForm>
  );
}
