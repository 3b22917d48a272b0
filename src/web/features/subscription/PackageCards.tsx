import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import { Form, useTranslate } from 'react-admin';
import type { SchemaPackagePurchaseRequest } from '../../../api/schema';
import { validatorsFor } from '../../../api/validators';
import { CheckboxInput } from '../../common/inputs';
import { useFmtMoney } from '../../common/format';
import { EmptyBlock, QueryState } from '../../common/States';
import { usePackages, usePeriods, usePurchase } from './hooks';

const rules = validatorsFor('PackagePurchaseRequest');

/**
 * The packages on sale, filterable by period; buying goes to the payment page. Each card is a
 * react-admin <Form> of the contract's PackagePurchaseRequest (the package, auto-pay or not).
 */
export function PackageCards() {
  const translate = useTranslate();
  const money = useFmtMoney();
  const [period, setPeriod] = useState<number | null>(null);
  const periods = usePeriods();
  const packages = usePackages(period);
  const purchase = usePurchase();
  return (
    <Stack spacing={2}>
      {periods.data && periods.data.length > 1 && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period ?? 0}
          onChange={(_e, v: number | null) => {
            if (v !== null) setPeriod(v === 0 ? null : v);
          }}
          aria-label={translate('atrium.subscription.period')}
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value={0}>{translate('atrium.subscription.all_periods')}</ToggleButton>
          {periods.data.map((p) => (
            <ToggleButton key={p.id} value={p.id}>
              {p.name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <QueryState query={packages}>
        {(list) =>
          list.length === 0 ? (
            period === null ? (
              <EmptyBlock text={translate('atrium.subscription.no_packages')} />
            ) : (
              // Only the period filter hides packages: say so, and offer the other periods.
              <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }} data-testid="no-packages-for-period">
                <Typography color="text.secondary">
                  {translate('atrium.subscription.no_packages_for_period', {
                    period: periods.data?.find((p) => p.id === period)?.name ?? '',
                  })}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {periods.data
                    ?.filter((p) => p.id !== period)
                    .map((p) => (
                      <Button
                        key={p.id}
                        variant="outlined"
                        size="small"
                        onClick={() => {
                          setPeriod(p.id);
                        }}
                      >
                        {translate('atrium.subscription.show_period', { period: p.name })}
                      </Button>
                    ))}
                  <Button
                    variant="outlined"
                    size="small"
                    onClick={() => {
                      setPeriod(null);
                    }}
                  >
                    {translate('atrium.subscription.all_periods')}
                  </Button>
                </Stack>
              </Stack>
            )
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
              }}
            >
              {list.map((p) => (
                <Card
                  key={p.id}
                  variant="outlined"
                  data-testid={`package-${p.id}`}
                  sx={{ display: 'flex', flexDirection: 'column' }}
                >
                  <CardContent sx={{ flex: 1 }}>
                    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                      <Typography variant="h6" component="h3">
                        {p.name}
                      </Typography>
                      {p.is_current && (
                        <Chip size="small" color="primary" label={translate('atrium.subscription.current_badge')} />
                      )}
                    </Stack>
                    <Typography variant="h4" component="p" sx={{ fontWeight: 700, my: 1 }}>
                      {money(p.price)}
                      <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                        {translate('atrium.subscription.per_period', { period: p.period.name })}
                      </Typography>
                    </Typography>
                    {p.description && <Typography color="text.secondary">{p.description}</Typography>}
                    {p.lesson_categories.length > 0 && (
                      <Typography variant="body2" sx={{ mt: 1 }}>
                        {translate('atrium.subscription.grants', {
                          categories: p.lesson_categories.map((c) => c.name).join(', '),
                        })}
                      </Typography>
                    )}
                  </CardContent>
                  <Form
                    defaultValues={{ package: p.id, auto_pay: false }}
                    onSubmit={(values: Record<string, unknown>) => {
                      purchase.mutate([values as unknown as SchemaPackagePurchaseRequest]);
                    }}
                  >
                    <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
                      <CheckboxInput
                        source="auto_pay"
                        label="atrium.subscription.buy_with_auto_pay"
                        validate={rules.auto_pay}
                      />
                      <Button
                        type="submit"
                        variant="contained"
                        startIcon={<ShoppingCart />}
                        disabled={purchase.isPending}
                        data-testid={`buy-package-${p.id}`}
                      >
                        {purchase.isPending && purchase.variables[0].package === p.id
                          ? translate('atrium.subscription.redirecting')
                          : translate('atrium.subscription.buy')}
                      </Button>
                    </CardActions>
                  </Form>
                </Card>
              ))}
            </Box>
          )
        }
      </QueryState>
    </Stack>
  );
}
