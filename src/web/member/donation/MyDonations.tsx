import { Chip, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import type { SchemaDonation } from '../../../api/schema';
import { fmtDateTime, fmtMoney, useTimeZone } from '../../common/format';
import { EmptyBlock, QueryState } from '../../common/States';

const COLOR = { pending: 'info', paid: 'success', canceled: 'error', failed: 'default' } as const;

/** The member's donations and their states; a rejected one shows the reason staff gave. */
export function MyDonations({ limit = 20 }: { limit?: number }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const [locale] = useLocaleState();
  // The server answers in the interface language: a new language is a new list.
  const query = useGetList<SchemaDonation>('donations', { pagination: { page: 1, perPage: limit }, meta: { locale } });
  return (
    <QueryState query={query}>
      {(donations) =>
        donations.length === 0 ? (
          <EmptyBlock text={translate('atrium.payments.donation.none')} />
        ) : (
          <Paper variant="outlined">
            <List dense data-testid="my-donations">
              {donations.map((d) => (
                <ListItem
                  key={d.id}
                  divider
                  data-testid="my-donation"
                  secondaryAction={
                    <Chip
                      size="small"
                      color={COLOR[d.status]}
                      label={translate(`atrium.payments.donation.statuses.${d.status}`)}
                    />
                  }
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
