import { useState } from 'react';
import { Badge, Button, IconButton, List, ListItem, ListItemText, Popover, Stack, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Instant } from '../../common/fields';
import { useNotify, useTranslate } from 'react-admin';
import { useNotifyError } from '../../common/errors';
import { useNotifications, useReadNotifications, useTakeLead } from '../../providers/data/leadsHooks';

/** The unread badge (polled each minute) and the latest notifications; a lead offer can be taken from here. */
export function NotificationsBell() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = useNotifications();
  const readAll = useReadNotifications();
  const takeLead = useTakeLead();
  const take = (leadId: number) => {
    takeLead.mutate(leadId, {
      onSuccess: () => {
        notify('atrium.staff.notifications.taken', { type: 'success' });
      },
      onError: notifyError,
    });
  };
  const unread = list.data?.unread_count ?? 0;
  return (
    <>
      {/* The badge's number is visible text, so the accessible name carries it too (and no hidden "0" is left in the page). */}
      <IconButton
        aria-label={
          unread
            ? `${translate('atrium.staff.notifications.title')} ${unread}`
            : translate('atrium.staff.notifications.title')
        }
        onClick={(e) => {
          setAnchor(e.currentTarget);
        }}
      >
        <Badge color="error" badgeContent={unread || undefined} data-testid="notifications-badge">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => {
          setAnchor(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack sx={{ width: { xs: 300, sm: 380 }, p: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 1 }}>
            <Typography variant="subtitle1">{translate('atrium.staff.notifications.title')}</Typography>
            <Button
              size="small"
              disabled={!unread}
              onClick={() => {
                readAll.mutate();
              }}
            >
              {translate('atrium.staff.notifications.mark_read')}
            </Button>
          </Stack>
          <List dense>
            {list.data?.results.map((n) => (
              <ListItem
                key={n.id}
                sx={{ bgcolor: n.read ? undefined : 'action.hover', borderRadius: 1 }}
                secondaryAction={
                  n.kind === 'lead_offered' && typeof n.data.lead_id === 'number' ? (
                    <Button
                      size="small"
                      onClick={() => {
                        take(n.data.lead_id as number);
                      }}
                    >
                      {translate('atrium.staff.notifications.take')}
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={n.message}
                  secondary={<Instant iso={n.created_at} />}
                  sx={{ pr: n.kind === 'lead_offered' ? 10 : 0 }}
                />
              </ListItem>
            ))}
            {!list.data?.results.length && (
              <ListItem>
                <ListItemText primary={translate('atrium.staff.notifications.empty')} />
              </ListItem>
            )}
          </List>
        </Stack>
      </Popover>
    </>
  );
}
