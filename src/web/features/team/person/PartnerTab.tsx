import { Box, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { fmtBytes, fmtDateTime, useTimeZone } from '../../../common/format';
import { ErrorBlock, LoadingBlock } from '../../../common/States';
import { useProviderQuery } from '../../../providers/data/providerHooks';
import { fullName } from './people';

/** A partner's company and documents (get_partner_details). */
export function PartnerTab({ userId }: { userId: number }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  const q = useProviderQuery('getPartnerDetails', [userId]);
  if (q.isPending) return <LoadingBlock />;
  if (q.error) return <ErrorBlock error={q.error} onRetry={() => void q.refetch()} />;
  const p = q.data;
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate('atrium.person.partner.company')}
        </Typography>
        <Typography variant="body1">{p.company}</Typography>
        {p.created_by && (
          <Typography variant="caption" color="text.secondary">
            {translate('atrium.person.partner.created_by', {
              name: fullName(p.created_by),
              date: fmtDateTime(p.created_at, tz),
            })}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {translate('atrium.person.partner.documents')}
        </Typography>
        {p.documents.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('atrium.person.partner.no_documents')}
          </Typography>
        ) : (
          <Stack component="ul" sx={{ pl: 2, m: 0 }}>
            {p.documents.map((d) => (
              <li key={d.id}>
                <Link href={d.url} target="_blank" rel="noopener noreferrer">
                  {d.file_name}
                </Link>{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {fmtBytes(d.size)} · {fmtDateTime(d.uploaded_at, tz)}
                </Typography>
              </li>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
