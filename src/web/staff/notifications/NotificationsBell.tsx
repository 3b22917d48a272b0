import { useState } from 'react';
import { Badge, Button, IconButton, List, ListItem, ListItemText, Popover, Stack, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useNotify, useTranslate } from 'react-admin';
import { api, unwrap } from '../../../api/client';

/** The unread badge (polled each minute) and the latest notifications; a lead offer can be taken from here. */
export function NotificationsBell() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = useQuery({ queryKey: ['staff', 'notifications'], queryFn: () => unwrap(api.GET('/notifications/', { params: { query: { limit: 20 } } })), refetchInterval: 60_000 });
  const refresh = () => client.invalidateQueries({ queryKey: ['staff', 'notifications'] });
  const readAll = useMutation({ mutationFn: () => unwrap(api.POST('/notifications/read/', { body: {} })), onSuccess: refresh });
  const take = useMutation({
    mutationFn: (leadId: number) => unwrap(api.POST('/leads/take/', { body: { user_id: leadId } })),
    onSuccess: () => {
      notify('atrium.staff.notifications.taken', { type: 'success' });
      void refresh();
    },
    onError: (err) => notify((err as Error).message, { type: 'error' }),
  });
  const unread = list.data?.unread_count ?? 0;
  return (
    <>
      {/* The badge's number is visible text, so the accessible name carries it too (and no hidden "0" is left in the page). */}
      <IconButton aria-label={unread ? `${translate('atrium.staff.notifications.title')} ${unread}` : translate('atrium.staff.notifications.title')} onClick={(e) => setAnchor(e.currentTarget)}>
        <Badge color="error" badgeContent={unread || undefined} data-testid="notifications-badge">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Stack sx={{ width: { xs: 300, sm: 380 }, p: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 1 }}>
            <Typography variant="subtitle1">{translate('atrium.staff.notifications.title')}</Typography>
            <Button size="small" disabled={!unread} onClick={() => readAll.mutate()}>{translate('atrium.staff.notifications.mark_read')}</Button>
          </Stack>
          <List dense>
            {list.data?.results.map((n) => (
              <ListItem
                key={n.id}
                sx={{ bgcolor: n.read ? undefined : 'action.hover', borderRadius: 1 }}
                secondaryAction={
                  n.kind === 'lead_offered' && typeof n.data.lead_id === 'number' ? (
                    <Button size="small" onClick={() => take.mutate(n.data.lead_id as number)}>{translate('atrium.staff.notifications.take')}</Button>
                  ) : undefined
                }
              >
                <ListItemText primary={n.message} secondary={dayjs(n.created_at).format('DD/MM/YYYY HH:mm')} sx={{ pr: n.kind === 'lead_offered' ? 10 : 0 }} />
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
