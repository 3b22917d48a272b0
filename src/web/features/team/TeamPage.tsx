import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { StructureList } from './structure/StructureList';
import { WaitingLeadsList } from '../leads/public';
import { MemberPage } from '../../common/MemberPage';
import { TeamTree } from './TeamTree';
import { InviteLinkCard } from './InviteLinkCard';

const TABS = ['tree', 'structure', 'waiting'] as const;
type TabKey = (typeof TABS)[number];

/** /team: the referral tree, the structure table and the waiting leads, one tab each (?tab=…). */
export default function TeamPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t === params.get('tab')) ?? 'tree';
  return (
    <MemberPage title={translate('atrium.team.title')}>
      <InviteLinkCard />
      <Tabs
        value={tab}
        onChange={(_, v: TabKey) => {
          setParams(v === 'tree' ? {} : { tab: v }, { replace: true });
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label={translate('atrium.team.title')}
      >
        {TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`atrium.team.tabs.${t}`)} />
        ))}
      </Tabs>
      {tab === 'tree' && <TeamTree />}
      {tab === 'structure' && <StructureList />}
      {tab === 'waiting' && <WaitingLeadsList />}
    </MemberPage>
  );
}
