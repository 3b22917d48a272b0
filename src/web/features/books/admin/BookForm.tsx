import { Grid } from '@mui/material';
import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useLocaleState,
} from 'react-admin';
import { requiredValue } from '../../../../api/validation';
import { validatorsFor } from '../../../../api/validators';
import { languageChoices } from '../../../common/choices';
import { ContentCreate, ContentEdit } from '../../../common/forms';
import { FormSection } from '../../../common/FormSection';
import { InstantInput } from '../../../common/inputs';
import { RichText } from '../../../common/RichText';
import { UploadInput } from '../../../common/UploadInput';

// One form for create and edit: the create schema's limits (the title is required).
const v = validatorsFor('BookAdminCreate', { price: { pattern: 'atrium.admin.books.price_rule' } });

// A priced book needs its price (the contract leaves it optional: a free book sends "0.00").
const priceRules = [requiredValue, ...v.price];

/** A book on sale (priced and published) needs its file; the server refuses it too, with the same words. */
const pdfOnSale = (value: unknown, all: { is_free?: boolean; is_published?: boolean }) =>
  !value && !all.is_free && all.is_published !== false ? 'atrium.admin.books.pdf_required' : undefined;
const pdfRules = [...v.pdf, pdfOnSale];

/** A free book costs "0.00"; a priced one keeps what the admin typed. */
function transform(data: Record<string, unknown>) {
  return data.is_free ? { ...data, price: '0.00' } : data;
}

function BookForm() {
  return (
    <SimpleForm sx={{ maxWidth: 960 }}>
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <TextInput source="title" label="atrium.admin.books.fields.title" validate={v.title} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <TextInput source="author" label="atrium.admin.books.fields.author" validate={v.author} fullWidth />
        </Grid>
      </Grid>
      <RichText source="description" label="atrium.admin.books.fields.description" validate={v.description} />
      <FormSection title="atrium.admin.books.files_section">
        <UploadInput source="cover" label="atrium.admin.books.fields.cover" kind="image" validate={v.cover} />
        <UploadInput source="pdf" label="atrium.admin.books.fields.pdf" kind="pdf" validate={pdfRules} />
      </FormSection>
      <FormSection title="atrium.admin.books.sale_section">
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <BooleanInput source="is_free" label="atrium.admin.books.fields.is_free" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormDataConsumer<{ is_free?: boolean }>>
              {({ formData }) =>
                formData.is_free ? null : (
                  <TextInput
                    source="price"
                    label="atrium.admin.books.fields.price"
                    validate={priceRules}
                    helperText="atrium.admin.books.price_help"
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    fullWidth
                  />
                )
              }
            </FormDataConsumer>
          </Grid>
        </Grid>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <NumberInput
              source="pages"
              label="atrium.admin.books.fields.pages"
              min={1}
              step={1}
              validate={v.pages}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <SelectInput
              source="language"
              label="atrium.admin.books.fields.language"
              choices={languageChoices}
              validate={v.language}
              fullWidth
            />
          </Grid>
        </Grid>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <BooleanInput source="is_published" label="atrium.admin.books.fields.is_published" />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <InstantInput source="published_at" label="atrium.admin.books.fields.published_at" fullWidth />
          </Grid>
        </Grid>
      </FormSection>
    </SimpleForm>
  );
}

export function BookCreate() {
  // A new book is in the interface's language unless chosen otherwise.
  const [locale] = useLocaleState();
  return (
    <ContentCreate record={{ is_free: false, price: '', is_published: true, language: locale }} transform={transform}>
      <BookForm />
    </ContentCreate>
  );
}

export function BookEdit() {
  return (
    <ContentEdit transform={transform}>
      <BookForm />
    </ContentEdit>
  );
}
