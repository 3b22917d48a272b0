import { Create, Edit, TopToolbar, useRecordContext } from 'react-admin';
import type { SchemaFlow } from '../../../api/schema';
import { useSavedToList } from '../../common/useSavedToList';
import { FlowActions } from './FlowList';
import { FlowForm } from './FlowForm';
import { FlowStatsPanel } from './FlowStatsPanel';

export function FlowCreate() {
  const saved = useSavedToList('atrium.flows.created', 'flows');
  return (
    <Create record={{ is_published: false }} mutationOptions={saved}>
      <FlowForm />
    </Create>
  );
}

/**
 * The row's quick actions on the flow's own page too: a phone's list has no row actions (one line per
 * flow, which opens this page), so the landing editor is reached from here.
 */
function FlowEditActions() {
  const flow = useRecordContext<SchemaFlow>();
  return <TopToolbar>{flow && <FlowActions flow={flow} />}</TopToolbar>;
}

export function FlowEdit() {
  const saved = useSavedToList('atrium.flows.updated', 'flows');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved} aside={<FlowStatsPanel />} actions={<FlowEditActions />}>
      <FlowForm />
    </Edit>
  );
}
