import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MemberPage } from '../../common/MemberPage';
import { QueryState } from '../../common/States';
import { DonateButton, MyDonations } from '../payments/public';
import { CurrentPackage } from './CurrentPackage';
import { HistoryTable } from './HistoryTable';
import { PackageCards } from './PackageCards';
import { useSubscriptionInfo } from './hooks';

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Stack component="section" spacing={1.5} aria-labelledby={id}>
      <Typography variant="h6" component="h2" id={id} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** /subscription: the current package with auto-pay, the packages on sale, the history, and donations. */
export default function SubscriptionPage() {
  const translate = useTranslate();
  const info = useSubscriptionInfo();
  return (
    <MemberPage title={translate('atrium.subscription.title')} actions={<DonateButton variant="outlined" />}>
      <Stack spacing={4}>
        <QueryState query={info} minHeight={120}>
          {(data) => <CurrentPackage current={data.current} />}
        </QueryState>
        <Section title={translate('atrium.subscription.packages')} id="packages-heading">
          <PackageCards />
        </Section>
        <Section title={translate('atrium.subscription.history')} id="history-heading">
          <QueryState query={info}>{(data) => <HistoryTable history={data.history} />}</QueryState>
        </Section>
        <Section title={translate('atrium.payments.donation.mine')} id="donations">
          <MyDonations />
        </Section>
      </Stack>
    </MemberPage>
  );
}
