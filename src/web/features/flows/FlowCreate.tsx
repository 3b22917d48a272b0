import { Create, Edit } from 'react-admin';
import { useSavedToList } from '../../common/useSavedToList';
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

export function FlowEdit() {
  const saved = useSavedToList('atrium.flows.updated', 'flows');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved} aside={<FlowStatsPanel />}>
      <FlowForm />
    </Edit>
  );
}
