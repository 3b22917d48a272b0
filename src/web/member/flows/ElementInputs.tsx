import { Box } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  DateTimeInput,
  ImageField,
  ImageInput,
  maxLength,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import { ClearButtons, FormatButtons, LinkButtons, ListButtons, RichTextInput, RichTextInputToolbar } from 'ra-input-rich-text';
import { FORM_FIELDS, type ElementType } from './model';

const L = (k: string) => `atrium.flows.element.${k}`;

/** At least an email or a phone field, each field once (the server says the same). */
const formFields = (fields: Array<{ name?: string }> | undefined) => {
  const names = (fields ?? []).map((f) => f.name);
  if (!names.includes('email') && !names.includes('phone')) return L('needs_contact');
  return undefined;
};

function LeadFormInputs() {
  const translate = useTranslate();
  const choices = FORM_FIELDS.map((id) => ({ id, name: translate(`atrium.flows.form_fields.${id}`) }));
  return (
    <>
      <TextInput source="content.title" label={L('title')} validate={maxLength(200)} fullWidth />
      <ArrayInput source="content.fields" label={L('fields')} validate={formFields}>
        <SimpleFormIterator inline disableReordering={false} getItemLabel={() => ''}>
          <SelectInput source="name" label={L('field_name')} choices={choices} validate={required()} />
          <TextInput source="label" label={L('field_label')} validate={maxLength(100)} />
          <BooleanInput source="required" label={L('field_required')} />
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput source="content.button_label" label={L('button_label')} validate={maxLength(80)} fullWidth />
      <TextInput source="content.success_message" label={L('success_message')} validate={maxLength(500)} multiline fullWidth />
    </>
  );
}

/** A picked image is required only when the element has no uploaded one yet. */
const imageNeeded = (value: unknown, all: { content?: { image?: string } }) =>
  value || all.content?.image ? undefined : L('image_required');

/** The inputs of one element type; every source sits under `content.` as the contract names it. */
export function ElementInputs({ type }: { type: ElementType }) {
  switch (type) {
    case 'heading':
      return (
        <>
          <TextInput source="content.text" label={L('text')} validate={[required(), maxLength(200)]} fullWidth autoFocus />
          <SelectInput
            source="content.level"
            label={L('level')}
            choices={[1, 2, 3].map((id) => ({ id, name: L(`level_${id}`) }))}
            validate={required()}
          />
        </>
      );
    case 'text':
      return (
        <RichTextInput
          source="content.html"
          label={L('html')}
          validate={required()}
          fullWidth
          toolbar={
            <RichTextInputToolbar>
              <FormatButtons size="small" />
              <ListButtons size="small" />
              <LinkButtons size="small" />
              <ClearButtons size="small" />
            </RichTextInputToolbar>
          }
        />
      );
    case 'image':
      return (
        <>
          <ImageInput source="image_file" label={L('image_file')} accept={{ 'image/*': ['.jpg', '.jpeg', '.png', '.webp', '.gif'] }} maxSize={10 * 1024 * 1024} validate={imageNeeded} placeholder={<Box sx={{ p: 1 }}>{L('pick_image')}</Box>}>
            <ImageField source="src" title="title" />
          </ImageInput>
          <TextInput source="content.alt" label={L('alt')} validate={maxLength(300)} fullWidth />
          <TextInput source="content.caption" label={L('caption')} validate={maxLength(300)} fullWidth />
          <TextInput source="content.link" label={L('link')} validate={maxLength(2048)} fullWidth />
        </>
      );
    case 'video':
      return (
        <>
          <TextInput source="content.url" label={L('url')} validate={[required(), maxLength(2048)]} fullWidth autoFocus />
          <TextInput source="content.caption" label={L('caption')} validate={maxLength(300)} fullWidth />
        </>
      );
    case 'button':
      return (
        <>
          <TextInput source="content.label" label={L('label')} validate={[required(), maxLength(80)]} fullWidth autoFocus />
          <TextInput source="content.link" label={L('button_link')} validate={[required(), maxLength(2048)]} fullWidth />
        </>
      );
    case 'countdown':
      return (
        <>
          <DateTimeInput source="content.target_at" label={L('target_at')} validate={required()} />
          <TextInput source="content.title" label={L('title')} validate={maxLength(200)} fullWidth />
          <TextInput source="content.expired_text" label={L('expired_text')} validate={maxLength(300)} fullWidth />
        </>
      );
    case 'lead_form':
      return <LeadFormInputs />;
  }
}
