import { Box, Card, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SchemaStaffUserDetails } from '../../../../api/schema';
import { useUrlParam } from '../../../common/urlState';
import { CompletedTasks } from '../CompletedTasks';
import { ContactTab } from './ContactTab';
import { DonationsTab } from './DonationsTab';
import { PartnerTab } from './PartnerTab';
import { SettingsTab } from './SettingsTab';
import { TasksTab } from './TasksTab';
import { TicketsTab } from './TicketsTab';
import { TimelineTab } from './TimelineTab';

const TABS = ['timeline', 'tasks', 'donations', 'completed', 'tickets', 'settings', 'partner', 'contact'] as const;
type TabName = (typeof TABS)[number];

/**
 * From a tablet up, tabs as wide as their label (no 90 px minimum) with less padding: all eight fit a
 * 1366 px laptop beside the side menu, in Russian too. A phone keeps scrollable tabs.
 */
const COMPACT = { minWidth: { sm: 0 }, px: { sm: 1.5 } } as const;

/** The staff's part of the person page: the person's history and work, one tab each (`?tab=…`, so a reload or Back keeps it). */
export default function PersonTabs({ person: u }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const [param, setTab] = useUrlParam('tab');
  const tabs = TABS.filter((t) => t !== 'partner' || u.is_partner);
  const tab: TabName = tabs.find((t) => t === param) ?? 'timeline';
  return (
    <Card variant="outlined">
      <Tabs
        value={tab}
        onChange={(_e, v: TabName) => {
          setTab(v === 'timeline' ? null : v, { replace: true });
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab key={t} value={t} label={translate(`atrium.person.tabs.${t}`)} sx={COMPACT} />
        ))}
      </Tabs>
      <Box sx={{ p: 2 }}>
        {tab === 'timeline' && <TimelineTab userId={u.id} />}
        {tab === 'tasks' && <TasksTab person={u} />}
        {tab === 'donations' && <DonationsTab person={u} />}
        {tab === 'completed' && <CompletedTasks userId={u.id} />}
        {tab === 'tickets' && <TicketsTab person={u} />}
        {tab === 'settings' && <SettingsTab person={u} />}
        {tab === 'partner' && <PartnerTab userId={u.id} />}
        {tab === 'contact' && <ContactTab person={u} />}
      </Box>
    </Card>
  );
}
