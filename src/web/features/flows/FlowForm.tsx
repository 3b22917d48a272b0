import { BooleanInput, SimpleForm, TextInput } from 'react-admin';
import { validatorsFor } from '../../../api/validators';
import { LandingNameInput } from './LandingNameInput';

// Creating and editing a flow share the same limits.
const v = validatorsFor('FlowCreateRequest');

export function FlowForm() {
  return (
    <SimpleForm mode="onChange" reValidateMode="onChange" sx={{ maxWidth: 640 }}>
      <TextInput source="name" label="atrium.flows.fields.name" validate={v.name} fullWidth />
      <LandingNameInput />
      <BooleanInput source="is_published" label="atrium.flows.fields.is_published" />
    </SimpleForm>
  );
}
