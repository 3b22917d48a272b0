import { MaterialCreate, MaterialEdit } from './MaterialForm';
import { MaterialList } from './MaterialList';

export default {
  list: MaterialList,
  create: MaterialCreate,
  edit: MaterialEdit,
  recordRepresentation: (r: { title?: string }) => r.title ?? '',
};
