import {
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { SchemaLessonMaterialAdmin } from '../../../../../api/schema';
import { requiredValue } from '../../../../../api/validation';
import { validatorsFor } from '../../../../../api/validators';
import { useFormContext } from 'react-hook-form';
import { ContentCreate, ContentEdit } from '../../../../common/forms';
import { UploadInput } from '../../../../common/UploadInput';

type Kind = 'file' | 'link';
// One form for create and edit: the create schema's limits (lesson and title are required).
const v = validatorsFor('LessonMaterialAdminCreate');
// The chosen kind needs its file or link (the server says the same), within the contract's limits.
const urlRules = [requiredValue, ...v.url];
const fileRules = [requiredValue, ...v.file];
const kindChoices = [
  { id: 'file', name: 'atrium.admin.lesson_materials.file' },
  { id: 'link', name: 'atrium.admin.lesson_materials.link' },
];

function FileOrLink() {
  const record = useRecordContext<SchemaLessonMaterialAdmin>();
  const form = useFormContext();
  return (
    <>
      <RadioButtonGroupInput
        source="kind"
        label="atrium.admin.lesson_materials.fields.kind"
        choices={kindChoices}
        defaultValue={record?.url ? 'link' : 'file'}
        row
      />
      <FormDataConsumer<{ kind?: Kind }>>
        {({ formData }) =>
          formData.kind === 'link' ? (
            <TextInput
              source="url"
              label="atrium.admin.lesson_materials.fields.url"
              type="url"
              validate={urlRules}
              fullWidth
            />
          ) : (
            <UploadInput
              source="file"
              label="atrium.admin.lesson_materials.fields.file"
              kind="document"
              validate={fileRules}
              onUploaded={(res) => {
                form.setValue('mime_type', res.content_type, { shouldDirty: true });
                form.setValue('size_bytes', res.size, { shouldDirty: true });
                if (!form.getValues('title'))
                  form.setValue('title', res.name.replace(/\.[^.]+$/, ''), { shouldDirty: true });
              }}
            />
          )
        }
      </FormDataConsumer>
    </>
  );
}

/** Only the chosen kind is kept; the form-only field goes. */
function transform(data: Record<string, unknown>) {
  const { kind, ...rest } = data;
  if (kind === 'link') Object.assign(rest, { file: null, mime_type: null, size_bytes: null });
  else rest.url = null;
  return rest;
}

function MaterialForm() {
  return (
    <SimpleForm sx={{ maxWidth: 760 }}>
      <ReferenceInput source="lesson_id" reference="admin/lessons" perPage={200}>
        <SelectInput
          label="atrium.admin.lesson_materials.fields.lesson_id"
          optionText="title"
          validate={v.lesson_id}
          fullWidth
        />
      </ReferenceInput>
      <FileOrLink />
      <TextInput source="title" label="atrium.admin.lesson_materials.fields.title" validate={v.title} fullWidth />
      <NumberInput
        source="order"
        label="atrium.admin.lesson_materials.fields.order"
        min={0}
        step={1}
        validate={v.order}
        helperText="atrium.admin.order_help"
      />
    </SimpleForm>
  );
}

/** Back to the lesson the material belongs to. */
const toLesson = (_resource?: string, _id?: Identifier, data?: Partial<RaRecord>) => {
  const lessonId = (data as Partial<SchemaLessonMaterialAdmin> | undefined)?.lesson_id;
  return lessonId ? `admin/lessons/${lessonId}` : 'list';
};

export function MaterialCreate() {
  return (
    <ContentCreate record={{ order: 0 }} transform={transform} redirect={toLesson}>
      <MaterialForm />
    </ContentCreate>
  );
}

export function MaterialEdit() {
  return (
    <ContentEdit transform={transform} redirect={toLesson}>
      <MaterialForm />
    </ContentEdit>
  );
}
