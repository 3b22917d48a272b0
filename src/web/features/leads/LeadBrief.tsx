import { useState, type ReactNode } from 'react';
import { Alert, Avatar, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link, useParams } from 'react-router-dom';
import { Title, useGetOne, useTranslate } from 'react-admin';
import type { SchemaWaitingUser } from '../../../api/schema';
import { FailureState } from '../../common/Failure';
import { LoadingBlock } from '../../common/States';
import { CountryName } from '../../common/CountryName';
import { fmtPhone } from '../../common/phone';
import { personName } from '../../common/lazyView';
import { Age, QueueChip, SourceText } from './WaitingLeadsList';
import { RejectButton, TakeButton, personPath } from './QueueActions';

/** The queue, where staff find it: the Team page's waiting tab. */
const QUEUE_PATH = '/team?tab=waiting';

const W = (key: string) => `atrium.leads.${key}`;

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2}>
      <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 140 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * /waiting-leads/:id/show — what a consultant may see of a lead before taking it (its brief: name,
 * contacts, where it came from, how long it waits), with Take to work and Reject. Once taken, a link
 * to the person page; a lead someone else took meanwhile says so.
 */
export function LeadBrief() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const [done, setDone] = useState<'take' | 'reject' | null>(null);
  const lead = useGetOne<SchemaWaitingUser>('waiting-leads', { id: Number(id) }, { enabled: !done, retry: false });
  const back = (
    <>
      <Title title={translate(W('brief.title'))} />
      <Button component={Link} to={QUEUE_PATH} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        {translate(W('brief.back'))}
      </Button>
    </>
  );
  if (done) {
    return (
      <Stack spacing={2} sx={{ p: 2, maxWidth: 720 }}>
        {back}
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" component={Link} to={personPath(Number(id))}>
              {translate(W('open_person'))}
            </Button>
          }
        >
          {done === 'take' ? translate(W('brief.yours')) : translate(W('rejected'), { smart_count: 1 })}
        </Alert>
      </Stack>
    );
  }
  if (lead.isPending) return <LoadingBlock />;
  if (lead.error) {
    return (
      <Stack spacing={2} sx={{ p: 2, maxWidth: 720 }}>
        {back}
        <FailureState
          error={lead.error}
          subject="person"
          backTo={QUEUE_PATH}
          onRetry={() => {
            void lead.refetch();
          }}
        />
      </Stack>
    );
  }
  const l = lead.data;
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 720 }}>
      {back}
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar src={l.avatar ?? undefined} alt="" />
              <Box sx={{ flex: 1 }}>
                <Typography variant="overline">{translate(W('brief.title'))}</Typography>
                <Typography variant="h5" component="h1">
                  {personName(l)}
                </Typography>
              </Box>
              <QueueChip lead={l} />
            </Stack>
            <Line label={translate(W('fields.source'))}>
              <SourceText lead={l} />
            </Line>
            <Line label={translate(W('fields.age'))}>
              <Age since={l.waiting_since ?? l.date_joined} />
            </Line>
            <Line label={translate(W('fields.email'))}>{l.email ?? '—'}</Line>
            <Line label={translate(W('fields.phone'))}>{fmtPhone(l.phone) || '—'}</Line>
            <Line label={translate(W('fields.city'))}>{l.city || '—'}</Line>
            <Line label={translate(W('fields.country'))}>{l.country ? <CountryName code={l.country} /> : '—'}</Line>
            <Line label={translate(W('fields.referrer'))}>{l.referrer ? personName(l.referrer) : '—'}</Line>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {translate(W('brief.hint'))}
            </Typography>
            <Stack direction="row" spacing={1}>
              <TakeButton
                ids={[l.id]}
                size="medium"
                onDone={(outcome) => {
                  if (outcome.done.length) setDone('take');
                }}
              />
              <RejectButton
                ids={[l.id]}
                size="medium"
                onDone={(outcome) => {
                  if (outcome.done.length) setDone('reject');
                }}
              />
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
