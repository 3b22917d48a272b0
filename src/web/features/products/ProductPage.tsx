import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import { Form, SaveButton, TextInput, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { SchemaDeliveryDetails, SchemaProductBrief } from '../../../api/schema';
import { validatorsFor } from '../../../api/validators';
import { fieldErrorsOf } from '../../common/errors';
import { useFmtMoney } from '../../common/format';
import { HtmlContent } from '../../common/HtmlContent';
import { MemberPage } from '../../common/MemberPage';
import { QueryState } from '../../common/States';
import { useProduct, usePurchaseProduct } from './hooks';
import { ProductPhoto } from './ProductPhoto';
import { StockChip } from './StockChip';

/** /products/:id — photos, price, stock, description, and Buy (delivery details, then the checkout). */
export default function ProductPage() {
  const translate = useTranslate();
  const id = Number(useParams().id);
  const query = useProduct(id);
  return (
    <MemberPage
      title={query.data?.name ?? translate('atrium.products.title')}
      back={{ to: '/products', label: translate('atrium.products.all') }}
      maxWidth={1040}
    >
      <QueryState query={query} minHeight={320}>
        {(product) => <ProductBody product={product} />}
      </QueryState>
    </MemberPage>
  );
}

function ProductBody({ product }: { product: SchemaProductBrief }) {
  const translate = useTranslate();
  const money = useFmtMoney();
  const [shown, setShown] = useState(0);
  const [buying, setBuying] = useState(false);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, sm: 4 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '280px minmax(0, 1fr)', md: '360px minmax(0, 1fr)' },
      }}
    >
      <Stack spacing={1}>
        <ProductPhoto src={product.photos[shown] ?? product.photos[0]} alt={product.name} />
        {product.photos.length > 1 && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {product.photos.map((src, i) => (
              <Box
                key={src}
                component="button"
                type="button"
                onClick={() => {
                  setShown(i);
                }}
                aria-label={`${i + 1}`}
                sx={{
                  width: 56,
                  p: 0,
                  border: 2,
                  borderColor: i === shown ? 'primary.main' : 'transparent',
                  borderRadius: 1,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                }}
              >
                <ProductPhoto src={src} alt="" />
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {money(product.price)}
        </Typography>
        <StockChip product={product} />
        <Button
          variant="contained"
          startIcon={<ShoppingCart />}
          disabled={!product.in_stock}
          onClick={() => {
            setBuying(true);
          }}
          data-testid="buy-product"
        >
          {translate('atrium.products.buy', { price: money(product.price) })}
        </Button>
        {product.description && <HtmlContent html={product.description} />}
      </Stack>
      {buying && (
        <DeliveryDialog
          product={product}
          onClose={() => {
            setBuying(false);
          }}
        />
      )}
    </Box>
  );
}

const v = validatorsFor('ProductPurchaseRequest');
const FIELDS = ['name', 'phone', 'address', 'country', 'city', 'postal_code'] as const;

/** The delivery details, checked against the contract's rules; sent, the provider's payment page opens. */
function DeliveryDialog({ product, onClose }: { product: SchemaProductBrief; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const purchase = usePurchaseProduct();
  const submit = async (values: Record<string, unknown>) => {
    const delivery = values.delivery as SchemaDeliveryDetails;
    try {
      const res = await purchase(product.id, { ...delivery, comment: delivery.comment ?? '' });
      window.location.assign(res.payment_url);
      return undefined;
    } catch (err) {
      const errors = fieldErrorsOf(err);
      const general = errors.non_field_errors ?? (Object.keys(errors).length ? undefined : 'atrium.errors.generic');
      if (general) notify(general, { type: 'error' });
      // Field errors (`delivery.city`…) land under their inputs.
      return errors;
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="delivery-title">
      <Form onSubmit={submit} record={{ delivery: {} }}>
        <DialogTitle id="delivery-title">{translate('atrium.products.delivery_title')}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('atrium.products.delivery_hint')}
          </Typography>
          <Grid container columnSpacing={2}>
            {FIELDS.map((f) => (
              <Grid key={f} size={{ xs: 12, sm: f === 'address' || f === 'name' ? 12 : 6 }}>
                <TextInput
                  source={`delivery.${f}`}
                  label={`atrium.products.delivery.${f}`}
                  validate={v[`delivery.${f}`]}
                  autoComplete={AUTOCOMPLETE[f]}
                  fullWidth
                />
              </Grid>
            ))}
            <Grid size={12}>
              <TextInput
                source="delivery.comment"
                label="atrium.products.delivery.comment"
                validate={v['delivery.comment']}
                multiline
                minRows={2}
                fullWidth
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('atrium.products.cancel')}</Button>
          <SaveButton label="atrium.products.pay" icon={<ShoppingCart />} alwaysEnable data-testid="pay-product" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

const AUTOCOMPLETE: Record<(typeof FIELDS)[number], string> = {
  name: 'name',
  phone: 'tel',
  address: 'street-address',
  country: 'country-name',
  city: 'address-level2',
  postal_code: 'postal-code',
};
