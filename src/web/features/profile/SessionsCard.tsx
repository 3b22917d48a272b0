import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  List,
  ListItem,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import Computer from '@mui/icons-material/Computer';
import Smartphone from '@mui/icons-material/Smartphone';
import { Confirm, useDataProvider, useDelete, useGetList, useLogout, useNotify, useTranslate } from 'react-admin';
import type { SchemaSession as Session } from '../../../api/schema';
import { useNotifyError } from '../../common/errors';
import { fmtDateTime } from '../../common/format';
import { shortAgent } from './format';
import { LoadError } from './LoadError';
import type { Profile } from './session';

const isMobile = (ua: string) => /Mobile|Android|iPhone|iPad/.test(ua);

/** The user's signed-in devices; any of them can be ended (this one ends with a logout). */
export function SessionsCard({ me }: { me: Profile }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const logout = useLogout();
  // All of the user's sessions come on one page.
  const { data, error, isPending, refetch } = useGetList<Session>('sessions');
  const dataProvider = useDataProvider();
  const [remove, { isPending: removing }] = useDelete<Session>();
  const [leaving, setLeaving] = useState(false);
  const [ending, setEnding] = useState<Session | null>(null);
  const busy = removing || leaving;

  const end = async () => {
    if (!ending) return;
    const params = { id: ending.id, previousData: ending };
    try {
      if (ending.current) {
        // This device: no list to reload (it would only meet a 401), straight to the logout.
        setLeaving(true);
        await dataProvider.delete<Session>('sessions', params);
        setEnding(null);
        await logout();
        return;
      }
      // The list is reloaded once the server ended the session.
      await remove('sessions', params, { mutationMode: 'pessimistic', returnPromise: true });
      setEnding(null);
      notify('atrium.profile.sessions.ended', { type: 'success' });
    } catch (err) {
      setLeaving(false);
      notifyError(err);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('atrium.profile.sessions.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('atrium.profile.sessions.hint')}
        </Typography>
        {isPending ? (
          <Box aria-busy="true" sx={{ mt: 1 }}>
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Box>
        ) : error ? (
          <Box sx={{ mt: 2 }}>
            <LoadError error={error} onRetry={refetch} />
          </Box>
        ) : !data.length ? (
          <Typography sx={{ mt: 2 }} color="text.secondary">
            {translate('atrium.profile.sessions.empty')}
          </Typography>
        ) : (
          <List aria-label={translate('atrium.profile.sessions.title')} sx={{ mt: 1 }}>
            {data.map((s, i) => (
              <Box component="li" key={s.id} sx={{ listStyle: 'none' }} data-testid="session-row">
                {i > 0 && <Divider component="div" />}
                <ListItem
                  component="div"
                  disableGutters
                  sx={{ gap: 2, py: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
                >
                  <Box sx={{ color: 'text.secondary', pt: 0.25 }} aria-hidden>
                    {isMobile(s.user_agent) ? <Smartphone /> : <Computer />}
                  </Box>
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                      <Typography component="span" title={s.user_agent} sx={{ fontWeight: 500 }}>
                        {s.user_agent ? shortAgent(s.user_agent) : translate('atrium.profile.sessions.unknown_device')}
                      </Typography>
                      {s.current && (
                        <Chip size="small" color="primary" label={translate('atrium.profile.sessions.current')} />
                      )}
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {translate('atrium.profile.sessions.ip', { ip: s.ip || '—' })}
                      {' · '}
                      {translate('atrium.profile.sessions.last_seen', {
                        time: fmtDateTime(s.last_seen_at, me.time_zone),
                      })}
                    </Typography>
                  </Box>
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    onClick={() => {
                      setEnding(s);
                    }}
                    aria-label={translate('atrium.profile.sessions.end_label', { device: shortAgent(s.user_agent) })}
                  >
                    {translate('atrium.profile.sessions.end')}
                  </Button>
                </ListItem>
              </Box>
            ))}
          </List>
        )}
      </CardContent>
      <Confirm
        isOpen={Boolean(ending)}
        loading={busy}
        title={translate('atrium.profile.sessions.confirm_title')}
        content={translate(
          ending?.current ? 'atrium.profile.sessions.confirm_current' : 'atrium.profile.sessions.confirm_text',
          { device: ending ? shortAgent(ending.user_agent) : '' },
        )}
        confirm={translate('atrium.profile.sessions.end')}
        cancel={translate('atrium.profile.cancel')}
        onConfirm={() => void end()}
        onClose={() => {
          setEnding(null);
        }}
      />
    </Card>
  );
}
