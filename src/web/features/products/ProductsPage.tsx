import { useEffect } from 'react';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import Storefront from '@mui/icons-material/Storefront';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import type { SchemaProductBrief } from '../../../api/schema';
import { useFmtMoney } from '../../common/format';
import { MemberPage, Section } from '../../common/MemberPage';
import { EmptyBlock, QueryState } from '../../common/States';
import { useProducts } from '../../providers/data/productsHooks';
import { MyOrders } from './MyOrders';
import { ProductPhoto } from './ProductPhoto';
import { StockChip } from './StockChip';

/** /products: the brand's products with photo and price, and the member's orders below (#orders). */
export default function ProductsPage() {
  const translate = useTranslate();
  const products = useProducts();
  const { hash } = useLocation();
  // Back from paying, the payer lands on #orders: show it.
  useEffect(() => {
    if (hash === '#orders') document.getElementById('orders')?.scrollIntoView();
  }, [hash]);
  return (
    <MemberPage title={translate('atrium.products.title')}>
      <QueryState query={products}>
        {(list) =>
          list.length ? (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: {
                  xs: 'repeat(2, minmax(0, 1fr))',
                  sm: 'repeat(3, minmax(0, 1fr))',
                  md: 'repeat(4, minmax(0, 1fr))',
                },
              }}
            >
              {list.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </Box>
          ) : (
            <EmptyBlock icon={<Storefront />} text={translate('atrium.products.empty')} />
          )
        }
      </QueryState>
      <Box sx={{ mt: 4 }}>
        <Section title={translate('atrium.products.my_orders')} id="orders">
          <MyOrders />
        </Section>
      </Box>
    </MemberPage>
  );
}

function ProductCard({ product }: { product: SchemaProductBrief }) {
  const money = useFmtMoney();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="product-card">
      <CardActionArea
        component={Link}
        to={`/products/${product.id}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ p: { xs: 1.5, sm: 2 }, pb: 0 }}>
          <ProductPhoto src={product.photos[0]} alt={product.name} />
        </Box>
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {product.name}
          </Typography>
          <Typography variant="body2">{money(product.price)}</Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" sx={{ mt: 1 }}>
            <StockChip product={product} />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
