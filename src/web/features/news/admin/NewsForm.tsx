import { BooleanInput, SimpleForm, TextInput } from 'react-admin';
import { validatorsFor } from '../../../../api/validators';
import { ContentCreate, ContentEdit } from '../../../common/forms';
import { InstantInput } from '../../../common/inputs';
import { RichText } from '../../../common/RichText';
import { UploadInput } from '../../../common/UploadInput';

// One form for create and edit: the create schema's limits (the title is required).
const v = validatorsFor('NewsAdminCreate');

function NewsForm() {
  return (
    <SimpleForm sx={{ maxWidth: 960 }}>
      <TextInput source="title" label="atrium.admin.news.fields.title" validate={v.title} fullWidth />
      <TextInput
        source="summary"
        label="atrium.admin.news.fields.summary"
        multiline
        minRows={2}
        validate={v.summary}
        fullWidth
        helperText="atrium.admin.news.summary_help"
      />
      <RichText source="body" label="atrium.admin.news.fields.body" validate={v.body} />
      <UploadInput source="image" label="atrium.admin.news.fields.image" kind="image" validate={v.image} />
      <BooleanInput
        source="is_important"
        label="atrium.admin.news.fields.is_important"
        helperText="atrium.admin.news.important_help"
      />
      <InstantInput
        source="published_at"
        label="atrium.admin.news.fields.published_at"
        helperText="atrium.admin.news.published_help"
      />
    </SimpleForm>
  );
}

export function NewsCreate() {
  return (
    <ContentCreate record={{ is_important: false, published_at: new Date().toISOString() }}>
      <NewsForm />
    </ContentCreate>
  );
}

export function NewsEdit() {
  return (
    <ContentEdit>
      <NewsForm />
    </ContentEdit>
  );
}
