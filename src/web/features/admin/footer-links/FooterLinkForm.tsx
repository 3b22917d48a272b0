import { Typography } from '@mui/material';
import { NumberInput, SimpleForm, TextInput, useTranslate, type Validator } from 'react-admin';
import { LOCALES } from '../../../providers/i18nProvider';
import { validatorsFor } from '../../../../api/validators';
import { ContentCreate, ContentEdit } from '../../../common/forms';

// One form for create and edit: the create schema's limits (title and url are required).
const v = validatorsFor('FooterLinkAdminCreate');
// The kinds of link the server accepts (its description of url), said before saving.
const linkKind: Validator = (value: string | null | undefined) =>
  value && !/^(https?:\/\/|mailto:|\/)/i.test(value) ? 'atrium.admin.footer_links.url_rule' : undefined;
const urlRules = [...v.url, linkKind];

function FooterLinkForm() {
  const translate = useTranslate();
  return (
    <SimpleForm sx={{ maxWidth: 700 }}>
      <TextInput source="title" label="atrium.admin.footer_links.fields.title" validate={v.title} fullWidth />
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('atrium.admin.footer_links.translations')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('atrium.admin.footer_links.translations_help')}
      </Typography>
      {LOCALES.map((lang) => (
        <TextInput
          key={lang}
          source={`title_translations.${lang}`}
          label={`atrium.admin.footer_links.fields.title_${lang}`}
          validate={v[`title_translations.${lang}`]}
          fullWidth
        />
      ))}
      <TextInput
        source="url"
        label="atrium.admin.footer_links.fields.url"
        validate={urlRules}
        fullWidth
        helperText="atrium.admin.footer_links.url_help"
      />
      <NumberInput
        source="order"
        label="atrium.admin.footer_links.fields.order"
        min={0}
        step={1}
        validate={v.order}
        helperText="atrium.admin.order_help"
      />
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
