import { BooleanInput, maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { LandingNameInput } from './LandingNameInput';

export function FlowForm() {
  return (
    <SimpleForm mode="onChange" reValidateMode="onChange" sx={{ maxWidth: 640 }}>
      <TextInput source="name" label="atrium.flows.fields.name" validate={[required(), maxLength(150)]} fullWidth />
      <LandingNameInput />
      <BooleanInput source="is_published" label="atrium.flows.fields.is_published" />
    </SimpleForm>
  );
}
