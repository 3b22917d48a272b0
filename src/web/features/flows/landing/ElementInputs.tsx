import { Box } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  ImageField,
  ImageInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { requiredValue } from '../../../../api/validation';
import { validatorsFor } from '../../../../api/validators';
import { InstantInput } from '../../../common/inputs';
import { FORM_FIELDS, type ElementType } from './model';

const L = (k: string) => `atrium.flows.element.${k}`;

// Each element type's content limits, as the contract writes them (LandingElementWrite's variants).
const heading = validatorsFor('LandingHeadingElementWrite');
const text = validatorsFor('LandingTextElementWrite');
const image = validatorsFor('LandingImageElementWrite');
const video = validatorsFor('LandingVideoElementWrite');
const button = validatorsFor('LandingButtonElementWrite');
const countdown = validatorsFor('LandingCountdownElementWrite');
const leadForm = validatorsFor('LandingLeadFormElementWrite');

/** At least an email or a phone field, each field once (the server says the same). */
const formFields = (fields: Array<{ name?: string }> | undefined) => {
  const names = (fields ?? []).map((f) => f.name);
  if (!names.includes('email') && !names.includes('phone')) return L('needs_contact');
  return undefined;
};

// The contract's count of fields, and an email or a phone among them.
const fieldsRules = [...leadForm['content.fields'], formFields];
// The form always picks a level (the contract's default is 1).
const headingLevel = [requiredValue, ...heading['content.level']];

function LeadFormInputs() {
  const translate = useTranslate();
  const choices = FORM_FIELDS.map((id) => ({ id, name: translate(`atrium.flows.form_fields.${id}`) }));
  return (
    <>
      <TextInput source="content.title" label={L('title')} validate={leadForm['content.title']} fullWidth />
      <ArrayInput source="content.fields" label={L('fields')} validate={fieldsRules}>
        <SimpleFormIterator inline disableReordering={false} getItemLabel={() => ''}>
          <SelectInput
            source="name"
            label={L('field_name')}
            choices={choices}
            validate={leadForm['content.fields[].name']}
          />
          <TextInput source="label" label={L('field_label')} validate={leadForm['content.fields[].label']} />
          <BooleanInput source="required" label={L('field_required')} />
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput
        source="content.button_label"
        label={L('button_label')}
        validate={leadForm['content.button_label']}
        fullWidth
      />
      <TextInput
        source="content.success_message"
        label={L('success_message')}
        validate={leadForm['content.success_message']}
        multiline
        fullWidth
      />
      <BooleanInput
        source="content.send_invitation"
        label={L('send_invitation')}
        helperText={L('send_invitation_hint')}
      />
    </>
  );
}

/** A picked image is required only when the element has no uploaded one yet. */
const imageNeeded = (value: unknown, all: { content?: { image?: string } }) =>
  value || all.content?.image ? undefined : L('image_required');

/** The image drop zone's text (react-admin shows a placeholder node as it is, untranslated). */
function PickImage() {
  const translate = useTranslate();
  return <Box sx={{ p: 1 }}>{translate(L('pick_image'))}</Box>;
}

/** The inputs of one element type; every source sits under `content.` as the contract names it. */
export function ElementInputs({ type }: { type: ElementType }) {
  switch (type) {
    case 'heading':
      return (
        <>
          <TextInput source="content.text" label={L('text')} validate={heading['content.text']} fullWidth />
          <SelectInput
            source="content.level"
            label={L('level')}
            choices={[1, 2, 3].map((id) => ({ id, name: L(`level_${id}`) }))}
            validate={headingLevel}
          />
        </>
      );
    case 'text':
      return (
        <RichTextInput
          source="content.html"
          label={L('html')}
          validate={text['content.html']}
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
          <ImageInput
            source="image_file"
            label={L('image_file')}
            accept={{ 'image/*': ['.jpg', '.jpeg', '.png', '.webp', '.gif'] }}
            maxSize={10 * 1024 * 1024}
            validate={imageNeeded}
            placeholder={<PickImage />}
          >
            <ImageField source="src" title="title" />
          </ImageInput>
          <TextInput source="content.alt" label={L('alt')} validate={image['content.alt']} fullWidth />
          <TextInput source="content.caption" label={L('caption')} validate={image['content.caption']} fullWidth />
          <TextInput source="content.link" label={L('link')} validate={image['content.link']} fullWidth />
        </>
      );
    case 'video':
      return (
        <>
          <TextInput source="content.url" label={L('url')} validate={video['content.url']} fullWidth />
          <TextInput source="content.caption" label={L('caption')} validate={video['content.caption']} fullWidth />
        </>
      );
    case 'button':
      return (
        <>
          <TextInput source="content.label" label={L('label')} validate={button['content.label']} fullWidth />
          <TextInput source="content.link" label={L('button_link')} validate={button['content.link']} fullWidth />
        </>
      );
    case 'countdown':
      return (
        <>
          <InstantInput source="content.target_at" label={L('target_at')} validate={countdown['content.target_at']} />
          <TextInput source="content.title" label={L('title')} validate={countdown['content.title']} fullWidth />
          <TextInput
            source="content.expired_text"
            label={L('expired_text')}
            validate={countdown['content.expired_text']}
            fullWidth
          />
        </>
      );
    case 'lead_form':
      return <LeadFormInputs />;
  }
}
