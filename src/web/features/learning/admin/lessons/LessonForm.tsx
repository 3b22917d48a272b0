import { Box, Grid } from '@mui/material';
import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { validatorsFor } from '../../../../../api/validators';
import { useFormContext } from 'react-hook-form';
import { ContentCreate, ContentEdit } from '../../../../common/forms';
import { FormSection } from '../../../../common/FormSection';
import { InstantInput } from '../../../../common/inputs';
import { RichText } from '../../../../common/RichText';
import { UploadInput } from '../../../../common/UploadInput';
import { videoDuration } from '../../../../common/upload';
import { LessonMaterialsField } from './LessonMaterialsField';
import type { SchemaLessonAdmin } from '../../../../../api/schema';

// One form for create and edit: the create schema's limits (category and title are required).
const v = validatorsFor('LessonAdminCreate');

type VideoSource = 'file' | 'url' | 'none';
const sourceChoices = [
  { id: 'file', name: 'atrium.admin.lessons.video_file_choice' },
  { id: 'url', name: 'atrium.admin.lessons.video_url_choice' },
  { id: 'none', name: 'atrium.admin.lessons.video_none_choice' },
];

/** The video: an uploaded file (its length fills the duration) or a YouTube/Vimeo/other link. */
function VideoInputs() {
  const record = useRecordContext<SchemaLessonAdmin>();
  const form = useFormContext();
  const initial: VideoSource = record?.video_file ? 'file' : record?.video_url ? 'url' : 'file';
  return (
    <>
      <RadioButtonGroupInput
        source="video_source"
        label="atrium.admin.lessons.fields.video"
        choices={sourceChoices}
        defaultValue={initial}
        row
      />
      <FormDataConsumer<{ video_source?: VideoSource }>>
        {({ formData }) =>
          formData.video_source === 'url' ? (
            <TextInput
              source="video_url"
              label="atrium.admin.lessons.fields.video_url"
              fullWidth
              helperText="atrium.admin.lessons.video_url_help"
              type="url"
              validate={v.video_url}
            />
          ) : formData.video_source === 'none' ? null : (
            <UploadInput
              source="video_file"
              label="atrium.admin.lessons.fields.video_file"
              kind="video"
              validate={v.video_file}
              onUploaded={(_, file) => {
                void videoDuration(file).then((d) => {
                  if (d) form.setValue('duration_seconds', d, { shouldDirty: true });
                });
              }}
            />
          )
        }
      </FormDataConsumer>
    </>
  );
}

/** Only the chosen video source is kept; the form-only field goes. */
export function lessonTransform(data: Record<string, unknown>) {
  const { video_source: source, ...rest } = data;
  if (source === 'file') rest.video_url = null;
  else if (source === 'url') rest.video_file = null;
  else if (source === 'none') {
    rest.video_url = null;
    rest.video_file = null;
  }
  if (rest.video_url === '') rest.video_url = null;
  return rest;
}

function LessonForm({ editing }: { editing?: boolean }) {
  return (
    <SimpleForm sx={{ maxWidth: 960 }}>
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <TextInput source="title" label="atrium.admin.lessons.fields.title" validate={v.title} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <ReferenceInput
            source="category_id"
            reference="admin/lesson-categories"
            sort={{ field: 'order', order: 'ASC' }}
            perPage={200}
          >
            <SelectInput
              label="atrium.admin.lessons.fields.category_id"
              optionText="title"
              validate={v.category_id}
              fullWidth
            />
          </ReferenceInput>
        </Grid>
      </Grid>
      <TextInput
        source="short_description"
        label="atrium.admin.lessons.fields.short_description"
        multiline
        minRows={2}
        validate={v.short_description}
        fullWidth
      />
      <RichText source="description" label="atrium.admin.lessons.fields.description" validate={v.description} />
      <FormSection title="atrium.admin.lessons.video_section">
        <VideoInputs />
        <NumberInput
          source="duration_seconds"
          label="atrium.admin.lessons.fields.duration_seconds"
          min={0}
          step={1}
          validate={v.duration_seconds}
          helperText="atrium.admin.lessons.duration_help"
        />
        <UploadInput source="preview" label="atrium.admin.lessons.fields.preview" kind="image" validate={v.preview} />
      </FormSection>
      <FormSection title="atrium.admin.lessons.access_section">
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <BooleanInput
              source="is_free"
              label="atrium.admin.lessons.fields.is_free"
              helperText="atrium.admin.lessons.free_help"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <BooleanInput source="is_published" label="atrium.admin.lessons.fields.is_published" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <NumberInput
              source="order"
              label="atrium.admin.lessons.fields.order"
              min={0}
              step={1}
              validate={v.order}
              helperText="atrium.admin.order_help"
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <InstantInput
              source="published_at"
              label="atrium.admin.lessons.fields.published_at"
              helperText="atrium.admin.lessons.published_help"
              fullWidth
            />
          </Grid>
        </Grid>
      </FormSection>
      {editing && (
        <Box sx={{ width: '100%' }}>
          <LessonMaterialsField />
        </Box>
      )}
    </SimpleForm>
  );
}

export function LessonCreate() {
  return (
    <ContentCreate
      record={{ is_free: false, is_published: true, order: 0, duration_seconds: 0 }}
      transform={lessonTransform}
      redirect="edit"
    >
      <LessonForm />
    </ContentCreate>
  );
}

export function LessonEdit() {
  return (
    <ContentEdit transform={lessonTransform}>
      <LessonForm editing />
    </ContentEdit>
  );
}
