import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { requiredValue } from '../../../../api/validation';
import { validatorsFor } from '../../../../api/validators';
import { ContentCreate, ContentEdit } from '../../../common/forms';
import type { SchemaConfigAdmin } from '../../../../api/schema';
import { ConfigKeyField } from './ConfigKeyField';

type ValueType = 'text' | 'number' | 'boolean' | 'empty';
const typeChoices = (['text', 'number', 'boolean', 'empty'] as const).map((id) => ({
  id,
  name: `atrium.admin.configs.types.${id}`,
}));
// One form for create and edit: the create schema's limits (key and value are required).
const v = validatorsFor('ConfigAdminCreate', { key: { pattern: 'atrium.admin.configs.key_rule' } });

const typeOf = (v: unknown): ValueType =>
  v === null ? 'empty' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'text';

/** The value's type first, then an input of that type (a JSON scalar: text, number, yes/no or empty). */
function ValueInputs() {
  const record = useRecordContext<SchemaConfigAdmin>();
  return (
    <>
      <SelectInput
        source="value_type"
        label="atrium.admin.configs.fields.value_type"
        choices={typeChoices}
        defaultValue={record ? typeOf(record.value) : 'text'}
        validate={requiredValue}
      />
      <FormDataConsumer<{ value_type?: ValueType }>>
        {({ formData }) => {
          switch (formData.value_type) {
            case 'number':
              return (
                <NumberInput
                  key="n"
                  source="value_number"
                  label="atrium.admin.configs.fields.value"
                  defaultValue={typeof record?.value === 'number' ? record.value : 0}
                  validate={requiredValue}
                />
              );
            case 'boolean':
              return (
                <BooleanInput
                  key="b"
                  source="value_boolean"
                  label="atrium.admin.configs.fields.value"
                  defaultValue={record?.value === true}
                />
              );
            case 'empty':
              return null;
            default:
              return (
                <TextInput
                  key="t"
                  source="value_text"
                  label="atrium.admin.configs.fields.value"
                  defaultValue={typeof record?.value === 'string' ? record.value : ''}
                  multiline
                  fullWidth
                />
              );
          }
        }}
      </FormDataConsumer>
    </>
  );
}

/** The typed input becomes `value`; the form-only fields go. */
function transform(data: Record<string, unknown>) {
  const { value_type: type, value_text: text, value_number: num, value_boolean: bool, ...rest } = data;
  const value =
    type === 'number'
      ? Number(num)
      : type === 'boolean'
        ? Boolean(bool)
        : type === 'empty'
          ? null
          : typeof text === 'string'
            ? text
            : '';
  return { ...rest, value };
}

function ConfigForm() {
  return (
    <SimpleForm sx={{ maxWidth: 760 }}>
      <ConfigKeyField />
      <TextInput
        source="key"
        label="atrium.admin.configs.fields.key"
        validate={v.key}
        fullWidth
        helperText="atrium.admin.configs.key_help"
      />
      <ValueInputs />
      <TextInput
        source="description"
        label="atrium.admin.configs.fields.description"
        validate={v.description}
        multiline
        fullWidth
      />
      <BooleanInput
        source="is_public"
        label="atrium.admin.configs.fields.is_public"
        helperText="atrium.admin.configs.public_help"
      />
    </SimpleForm>
  );
}

export function ConfigCreate() {
  return (
    <ContentCreate record={{ is_public: false }} transform={transform}>
      <ConfigForm />
    </ContentCreate>
  );
}

export function ConfigEdit() {
  return (
    <ContentEdit transform={transform}>
      <ConfigForm />
    </ContentEdit>
  );
}
