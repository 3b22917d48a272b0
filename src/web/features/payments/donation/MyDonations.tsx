import { Alert, Button, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { SchemaDonation } from '../../../../api/schema';
import { fmtDateTime, fmtMoney, useTimeZone } from '../../../common/format';
import { EmptyBlock, QueryState } from '../../../common/States';

const COLOR = { pending: 'info', paid: 'success', canceled: 'error', failed: 'default' } as const;
/** How often the list is read again while a returned card payment waits for the provider's word. */
const RETURN_POLL_MS = 3000;

/** A card donation pending or canceled is waiting for the payer or expired, not for staff nor rejected by them. */
function statusKey(d: SchemaDonation) {
  return d.payment_method.kind === 'online' && (d.status === 'pending' || d.status === 'canceled')
    ? (`atrium.payments.donation.card_statuses.${d.status}` as const)
    : (`atrium.payments.donation.statuses.${d.status}` as const);
}

/**
 * The member's donations and their states; a rejected one shows the reason staff gave, a card
 * donation not yet paid its "Pay" link until the checkout expires. Back from the card payment
 * (`?donation=<id>`), a thank-you says how that donation stands; while the provider has not
 * confirmed it the list is read again.
 */
export function MyDonations({ limit = 20 }: { limit?: number }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const [locale] = useLocaleState();
  const [params, setParams] = useSearchParams();
  const returned = Number(params.get('donation')) || null;
  // The server answers in the interface language: a new language is a new list.
  const query = useGetList<SchemaDonation>(
    'donations',
    { pagination: { page: 1, perPage: limit }, meta: { locale } },
    {
      refetchInterval: (q) =>
        returned && q.state.data?.data.find((d) => d.id === returned)?.status === 'pending' ? RETURN_POLL_MS : false,
    },
  );
  const back = returned ? query.data?.find((d) => d.id === returned) : undefined;
  const dismiss = () => {
    setParams(
      (p) => {
        p.delete('donation');
        return p;
      },
      { replace: true },
    );
  };
  return (
    <Stack spacing={1.5}>
      {back && (
        <Alert
          severity={back.status === 'paid' ? 'success' : back.status === 'pending' ? 'info' : 'warning'}
          onClose={dismiss}
          data-testid="donation-thanks"
        >
          {translate(
            back.status === 'paid'
              ? 'atrium.payments.donation.thanks_paid'
              : back.status === 'pending'
                ? 'atrium.payments.donation.thanks_pending'
                : 'atrium.payments.donation.thanks_closed',
          )}
        </Alert>
      )}
      <QueryState query={query}>
        {(donations) =>
          donations.length === 0 ? (
            <EmptyBlock text={translate('atrium.payments.donation.none')} />
          ) : (
            <Paper variant="outlined">
              <List dense data-testid="my-donations">
                {donations.map((d) => (
                  // The state and the pay button beside the text while they fit, under it on a phone: as
                  // MUI's secondaryAction (absolute, over a fixed padding) a German state covered the date.
                  <ListItem
                    key={d.id}
                    divider
                    data-testid="my-donation"
                    sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
                  >
                    <ListItemText
                      sx={{ flex: '1 1 12rem', minWidth: 0 }}
                      primary={`${fmtMoney(d.amount, locale)} · ${d.payment_method.name}`}
                      secondary={
                        <>
                          {fmtDateTime(d.created_at, tz)}
                          {d.reject_reason && (
                            <Typography component="span" display="block" color="error" variant="body2">
                              {translate('atrium.payments.donation.reason', { reason: d.reject_reason })}
                            </Typography>
                          )}
                        </>
                      }
                    />
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', maxWidth: '100%' }}
                      data-testid="my-donation-actions"
                    >
                      {d.payment_url && (
                        <Button size="small" variant="contained" href={d.payment_url} data-testid="donation-pay">
                          {translate('atrium.payments.donation.pay_again')}
                        </Button>
                      )}
                      <Chip size="small" color={COLOR[d.status]} label={translate(statusKey(d))} sx={{ minWidth: 0 }} />
                    </Stack>
                  </ListItem>
                ))}
              </List>
            </Paper>
          )
        }
      </QueryState>
    </Stack>
  );
}
