import { Chip, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api, unwrap } from '../../../api/client';
import { fmtDateTime, fmtMoney, useTimeZone } from '../common/format';
import { EmptyBlock, QueryState } from '../common/States';
import { useSubscriptionKey } from '../subscription/useSubscription';

const COLOR = { pending: 'info', paid: 'success', canceled: 'error', failed: 'default' } as const;

/** The member's donations and their states; a rejected one shows the reason staff gave. */
export function MyDonations({ limit = 20 }: { limit?: number }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const key = useSubscriptionKey();
  const query = useQuery({
    queryKey: key('donations', limit),
    queryFn: () => unwrap(api.GET('/payments/donations/', { params: { query: { page_size: limit } } })),
  });
  return (
    <QueryState query={query}>
      {(page) =>
        page.results.length === 0 ? (
          <EmptyBlock text={translate('atrium.payments.donation.none')} />
        ) : (
          <Paper variant="outlined">
            <List dense data-testid="my-donations">
              {page.results.map((d) => (
                <ListItem
                  key={d.id}
                  divider
                  data-testid="my-donation"
                  secondaryAction={<Chip size="small" color={COLOR[d.status]} label={translate(`atrium.payments.donation.statuses.${d.status}`)} />}
                >
                  <ListItemText
                    primary={`${fmtMoney(d.amount)} · ${d.payment_method.name}`}
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
                </ListItem>
              ))}
            </List>
          </Paper>
        )
      }
    </QueryState>
  );
}
