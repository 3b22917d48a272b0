import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Stack,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { useNotifyError } from '../../common/errors';
import { fmtDateTime, useTimeZone } from '../../common/format';
import { useTakeLead } from '../leads/hooks';
import { useNotificationStream, useNotifications, useReadNotifications } from './hooks';

/** The lead an offer names, when the notification is an offer. */
const offeredLead = (n: { kind: string; data: Record<string, unknown> }) =>
  n.kind === 'lead_offered' && typeof n.data.lead_id === 'number' ? n.data.lead_id : undefined;

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** The page a notification opens, when it names one (a ticket, a lead, the subscription…). */
function targetOf(n: { kind: string; data: Record<string, unknown> }, staff: boolean): string | undefined {
  const ticket = num(n.data.ticket_id);
  switch (n.kind) {
    case 'ticket_answered':
    case 'ticket_completed':
    case 'ticket_rejected':
      return ticket === undefined ? undefined : `/user/new-request/${String(ticket)}`;
    case 'ticket_created':
    case 'ticket_reply':
      // The request itself: the staff tickets open it as a dialog over their list (`?ticket=<id>`).
      return staff && ticket !== undefined ? `/staff/tickets?ticket=${String(ticket)}` : undefined;
    case 'landing_lead': {
      const lead = num(n.data.lead_id);
      return lead === undefined ? undefined : `/user/view-details/${String(lead)}`;
    }
    case 'subscription_renewed':
    case 'subscription_failed':
      return '/subscription';
    case 'user_handed_over': {
      const user = num(n.data.user_id);
      return user === undefined ? undefined : `/user/view-details/${String(user)}`;
    }
    case 'users_handed_over':
      return '/structure';
    case 'consultant_changed':
      return '/profile/view';
    case 'broadcast_starting': {
      const broadcast = num(n.data.broadcast_id);
      return broadcast === undefined ? undefined : `/broadcasts/${String(broadcast)}`;
    }
    default:
      return undefined;
  }
}

/**
 * The bell in the app bar: the unread badge and the latest notifications (new tickets, lead
 * offers to take to work…; for members the answers to their requests, payments, renewals, landing
 * leads), kept current by the server's pushed events; while the stream is cut it
 * reads them every 30 seconds and says so. An offer someone else took or that expired leaves at once.
 */
function Bell({ staff }: { staff: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const tz = useTimeZone();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const stream = useNotificationStream();
  const list = useNotifications(stream === 'polling');
  const readAll = useReadNotifications();
  const readOne = useReadNotifications();
  const open = (n: { id: number; read: boolean }, to: string) => {
    if (!n.read) readOne.mutate([[n.id]]);
    setAnchor(null);
    void navigate(to);
  };
  const takeLead = useTakeLead();
  const take = (leadId: number) => {
    takeLead.mutate([leadId], {
      onSuccess: () => {
        // The bell closes and the toast leads on to the person just taken: what the consultant does next.
        setAnchor(null);
        notify(
          <Alert
            severity="success"
            variant="filled"
            action={
              <Button color="inherit" size="small" component={Link} to={`/user/view-details/${String(leadId)}`}>
                {translate('atrium.notifications.open_taken')}
              </Button>
            }
          >
            {translate('atrium.notifications.taken')}
          </Alert>,
          { autoHideDuration: 8000 },
        );
      },
      onError: (err) => {
        notifyError(err);
        // Someone was faster: the list shows what stands now.
        void list.refetch();
      },
    });
  };
  const unread = list.data?.unread_count ?? 0;
  return (
    <>
      {/* The badge's number is visible text, so the accessible name carries it too (and no hidden "0" is left in the page). */}
      <IconButton
        color="inherit"
        data-testid="notifications-bell"
        aria-label={
          unread ? `${translate('atrium.notifications.title')} ${unread}` : translate('atrium.notifications.title')
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
        <Stack sx={{ width: { xs: 300, sm: 380 }, p: 1 }} data-testid="notifications-menu">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 1 }}>
            <Typography variant="subtitle1">{translate('atrium.notifications.title')}</Typography>
            <Button
              size="small"
              disabled={!unread}
              onClick={() => {
                readAll.mutate([]);
              }}
            >
              {translate('atrium.notifications.mark_read')}
            </Button>
          </Stack>
          {stream === 'polling' && (
            <Alert severity="info" sx={{ mx: 1, py: 0 }} data-testid="notifications-polling">
              {translate('atrium.notifications.polling')}
            </Alert>
          )}
          {list.isError && (
            <Alert
              severity="error"
              sx={{ mx: 1, mt: 1 }}
              action={
                <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                  {translate('atrium.staff.try_again')}
                </Button>
              }
            >
              {translate('atrium.notifications.failed')}
            </Alert>
          )}
          <List dense>
            {list.data?.results.map((n) => {
              const lead = offeredLead(n);
              const to = lead === undefined ? targetOf(n, staff) : undefined;
              return (
                <ListItem
                  key={n.id}
                  data-testid="notification"
                  sx={{ bgcolor: n.read ? undefined : 'action.hover', borderRadius: 1 }}
                  secondaryAction={
                    lead === undefined ? undefined : (
                      <Button
                        size="small"
                        disabled={takeLead.isPending}
                        onClick={() => {
                          take(lead);
                        }}
                      >
                        {translate('atrium.notifications.take')}
                      </Button>
                    )
                  }
                >
                  {to === undefined ? (
                    <ListItemText
                      primary={n.message}
                      secondary={fmtDateTime(n.created_at, tz)}
                      sx={{ pr: lead === undefined ? 0 : 10 }}
                    />
                  ) : (
                    <ListItemButton
                      sx={{ px: 0, borderRadius: 1 }}
                      onClick={() => {
                        open(n, to);
                      }}
                    >
                      <ListItemText primary={n.message} secondary={fmtDateTime(n.created_at, tz)} />
                    </ListItemButton>
                  )}
                </ListItem>
              );
            })}
            {list.data?.results.length === 0 && (
              <ListItem>
                <ListItemText primary={translate('atrium.notifications.empty')} />
              </ListItem>
            )}
          </List>
        </Stack>
      </Popover>
    </>
  );
}

/** The bell for every signed-in user: staff and members alike. */
export function NotificationsBell() {
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: 'staff-tools' });
  if (isPending) return null;
  return <Bell staff={canAccess === true} />;
}
