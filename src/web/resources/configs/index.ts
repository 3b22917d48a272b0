import { ConfigCreate, ConfigEdit } from './ConfigForm';
import { ConfigList } from './ConfigList';

export default {
  list: ConfigList,
  create: ConfigCreate,
  edit: ConfigEdit,
  recordRepresentation: (r: { key?: string }) => r.key ?? '',
};
