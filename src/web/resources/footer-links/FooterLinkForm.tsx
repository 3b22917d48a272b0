import { NumberInput, SimpleForm, TextInput, regex, required } from 'react-admin';
import { ContentCreate, ContentEdit } from '../common/forms';

const urlRule = regex(/^(https?:\/\/|mailto:|\/)/i, 'atrium.content.footer_links.url_rule');

function FooterLinkForm() {
  return (
    <SimpleForm sx={{ maxWidth: 700 }}>
      <TextInput source="title" label="atrium.content.footer_links.fields.title" validate={required()} fullWidth autoFocus />
      <TextInput source="url" label="atrium.content.footer_links.fields.url" validate={[required(), urlRule]} fullWidth helperText="atrium.content.footer_links.url_help" />
      <NumberInput source="order" label="atrium.content.footer_links.fields.order" min={0} step={1} helperText="atrium.content.order_help" />
    </SimpleForm>
  );
}

export function FooterLinkCreate() {
  return (
    <ContentCreate record={{ order: 0 }}>
      <FooterLinkForm />
    </ContentCreate>
  );
}

export function FooterLinkEdit() {
  return (
    <ContentEdit>
      <FooterLinkForm />
    </ContentEdit>
  );
}
