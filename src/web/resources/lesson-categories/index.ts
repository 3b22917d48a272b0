import { CategoryCreate, CategoryEdit } from './CategoryForm';
import { CategoryList } from './CategoryList';

export default {
  list: CategoryList,
  create: CategoryCreate,
  edit: CategoryEdit,
  recordRepresentation: (r: { title?: string }) => r.title ?? '',
};
