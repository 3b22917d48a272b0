import { useState } from 'react';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useDataProvider, useGetManyReference, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { SchemaFlow } from '../../../../api/schema';
import { fieldErrorsOf, useNotifyError } from '../../../common/errors';
import type { LandingElementRecord } from './data';
import { CopyLinkButton } from '../CopyLinkButton';
import { MemberPage } from '../../../common/MemberPage';
import { ErrorBlock, LoadingBlock } from '../../../common/States';
import { AddElementMenu } from './AddElementMenu';
import { ElementDialog } from './ElementDialog';
import { ElementList } from './ElementList';
import { ElementPreview } from './ElementPreview';
import { newElement, toData, valuesOf, type ElementType, type ElementValues } from './model';

/** The landing page as visitors will see it, from the saved elements. */
function PagePreview({ elements }: { elements: LandingElementRecord[] }) {
  return (
    <Stack
      spacing={2}
      sx={{
        p: { xs: 2, sm: 3 },
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        minHeight: 240,
      }}
    >
      {elements.map((e) => (
        <ElementPreview key={e.id} element={{ type: e.type, content: e.content }} />
      ))}
    </Stack>
  );
}

/**
 * /flows/edit_landing/{id}: the element list (add, edit, reorder, delete) beside a live preview of
 * the page, with publishing and the public link at the top.
 */
export default function LandingEditorPage() {
  const { id } = useParams();
  const flowId = Number(id);
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider();
  const flow = useGetOne<SchemaFlow>('flows', { id: flowId }, { enabled: Number.isInteger(flowId) });
  const list = useGetManyReference<LandingElementRecord>('landing-elements', {
    target: 'flow_id',
    id: flowId,
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'order', order: 'ASC' },
  });
  const [editing, setEditing] = useState<ElementValues | null>(null);
  const [busy, setBusy] = useState(false);
  const elements = list.data ?? [];
  const canAdd = (list.meta as { can_add_elements?: boolean } | undefined)?.can_add_elements !== false;

  const run = async (work: () => Promise<unknown>, message = 'atrium.flows.editor.saved') => {
    setBusy(true);
    try {
      await work();
      notify(message, { type: 'success' });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
      await list.refetch();
    }
  };

  const save = async (v: ElementValues): Promise<Record<string, string> | undefined> => {
    const data = toData(flowId, v);
    try {
      if (v.id) await dataProvider.update('landing-elements', { id: v.id, data, previousData: { ...data, id: v.id } });
      else await dataProvider.create('landing-elements', { data });
    } catch (err) {
      const errors = fieldErrorsOf(err);
      if (Object.keys(errors).length) {
        const general = errors.non_field_errors ?? errors.type;
        if (general) notify(general, { type: 'error' });
        return errors;
      }
      notifyError(err);
      return undefined;
    }
    setEditing(null);
    notify('atrium.flows.editor.saved', { type: 'success' });
    await list.refetch();
  };

  const move = (e: LandingElementRecord, order: number) =>
    run(() => dataProvider.update('landing-elements', { id: e.id, data: { ...e, order }, previousData: e }));
  const remove = (e: LandingElementRecord) =>
    run(() => dataProvider.delete('landing-elements', { id: e.id, previousData: e }), 'atrium.flows.deleted');
  const togglePublish = (f: SchemaFlow) =>
    run(
      async () => {
        await dataProvider.update('flows', { id: f.id, data: { is_published: !f.is_published }, previousData: f });
        await flow.refetch();
      },
      f.is_published ? 'atrium.flows.editor.now_draft' : 'atrium.flows.editor.now_published',
    );

  if (flow.error || list.error)
    return (
      <ErrorBlock error={flow.error ?? list.error} onRetry={() => void Promise.all([flow.refetch(), list.refetch()])} />
    );
  if (!flow.data || list.isPending) return <LoadingBlock />;
  const f = flow.data;

  return (
    <MemberPage
      title={translate('atrium.flows.editor.title', { name: f.name })}
      back={{ to: '/flows', label: translate('atrium.flows.editor.back') }}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color={f.is_published ? 'success' : 'default'}
            label={translate(f.is_published ? 'atrium.flows.published' : 'atrium.flows.draft')}
          />
          <Button
            variant={f.is_published ? 'outlined' : 'contained'}
            color={f.is_published ? 'inherit' : 'success'}
            onClick={() => void togglePublish(f)}
            disabled={busy}
          >
            {translate(f.is_published ? 'atrium.flows.editor.unpublish' : 'atrium.flows.editor.publish')}
          </Button>
          {f.is_published && (
            <Button href={f.landing_url} target="_blank" rel="noopener" endIcon={<OpenInNew />}>
              {translate('atrium.flows.open_page')}
            </Button>
          )}
          <CopyLinkButton url={f.landing_url} />
        </Stack>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {f.landing_url}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 380px) 1fr' },
          alignItems: 'start',
        }}
      >
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography variant="h6" component="h2">
                {translate('atrium.flows.editor.elements')}
              </Typography>
              <AddElementMenu
                canAdd={canAdd && !busy}
                hasForm={elements.some((e) => e.type === 'lead_form')}
                onPick={(t: ElementType) => {
                  setEditing(newElement(t, elements.length));
                }}
              />
            </Stack>
            {!canAdd && <Alert severity="info">{translate('atrium.flows.editor.limit')}</Alert>}
            {elements.length === 0 ? (
              <Typography color="text.secondary" sx={{ py: 2 }}>
                {translate('atrium.flows.editor.empty')}
              </Typography>
            ) : (
              <ElementList
                elements={elements}
                busy={busy}
                onMove={(e, o) => void move(e, o)}
                onEdit={(e) => {
                  setEditing(valuesOf(e));
                }}
                onDelete={(e) => void remove(e)}
              />
            )}
          </CardContent>
        </Card>
        <Box>
          <Typography variant="overline" color="text.secondary">
            {translate('atrium.flows.editor.preview')}
          </Typography>
          {!f.is_published && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {translate('atrium.flows.editor.not_published')}
            </Alert>
          )}
          <PagePreview elements={elements} />
        </Box>
      </Box>
      <ElementDialog
        values={editing}
        onSave={save}
        onClose={() => {
          setEditing(null);
        }}
      />
    </MemberPage>
  );
}
