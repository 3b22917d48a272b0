import { useEffect } from 'react';
import { Box, Typography } from '@mui/material';
import Storefront from '@mui/icons-material/Storefront';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { SchemaProductBrief } from '../../../api/schema';
import { CardGrid, LinkCard } from '../../common/CardGrid';
import { useFmtMoney } from '../../common/format';
import { MemberPage, Section } from '../../common/MemberPage';
import { EmptyBlock, QueryState } from '../../common/States';
import { useProducts } from './hooks';
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
            <CardGrid columns={{ xs: 2, sm: 3, md: 4 }}>
              {list.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </CardGrid>
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
    <LinkCard
      to={`/products/${product.id}`}
      testId="product-card"
      title={product.name}
      media={<ProductPhoto src={product.photos[0]} alt={product.name} />}
      chip={<StockChip product={product} />}
    >
      <Typography variant="body2">{money(product.price)}</Typography>
    </LinkCard>
  );
}
