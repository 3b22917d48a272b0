import { FlowCreate, FlowEdit } from './FlowCreate';
import { FlowList } from './FlowList';

export default {
  list: FlowList,
  create: FlowCreate,
  edit: FlowEdit,
  recordRepresentation: (r: { name?: string }) => r.name ?? '',
};
