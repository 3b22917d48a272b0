import { Grid } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { requiredValue } from '../../../../api/validation';
import { validatorsFor } from '../../../../api/validators';
import { AskBeforeLeaving, ContentCreate, ContentEdit } from '../../../common/forms';
import { FormSection } from '../../../common/FormSection';
import { RichText } from '../../../common/RichText';
import { UploadInput } from '../../../common/UploadInput';

// One form for create and edit: the create schema's limits (name and price are required).
const v = validatorsFor('ProductAdminCreate', { price: { pattern: 'atrium.products.admin.price_rule' } });
const L = (f: string) => `atrium.products.admin.fields.${f}`;

/** Photos the admin removed from the list (an emptied upload) are not sent. */
function transform(data: Record<string, unknown>) {
  const photos = Array.isArray(data.photos) ? data.photos.filter((p) => typeof p === 'string' && p) : [];
  return { ...data, photos };
}

function ProductForm() {
  return (
    <SimpleForm sx={{ maxWidth: 960 }}>
      <AskBeforeLeaving />
      <TextInput source="name" label={L('name')} validate={v.name} fullWidth />
      <RichText source="description" label={L('description')} validate={v.description} />
      <ArrayInput source="photos" label={L('photos')} validate={v.photos}>
        <SimpleFormIterator inline disableReordering={false} getItemLabel={() => ''}>
          <UploadInput source="" label={L('photo')} kind="image" />
        </SimpleFormIterator>
      </ArrayInput>
      <FormSection title="atrium.products.admin.sale_section">
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextInput
              source="price"
              label={L('price')}
              validate={[requiredValue, ...v.price]}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <BooleanInput source="made_to_order" label={L('made_to_order')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormDataConsumer<{ made_to_order?: boolean }>>
              {({ formData }) =>
                formData.made_to_order ? null : (
                  <NumberInput source="stock" label={L('stock')} min={0} step={1} validate={v.stock} fullWidth />
                )
              }
            </FormDataConsumer>
          </Grid>
        </Grid>
        <BooleanInput source="is_published" label={L('is_published')} />
      </FormSection>
    </SimpleForm>
  );
}

export function ProductCreate() {
  return (
    <ContentCreate
      record={{ price: '', stock: 0, made_to_order: false, is_published: true, photos: [] }}
      transform={transform}
    >
      <ProductForm />
    </ContentCreate>
  );
}

export function ProductEdit() {
  return (
    <ContentEdit transform={transform}>
      <ProductForm />
    </ContentEdit>
  );
}
