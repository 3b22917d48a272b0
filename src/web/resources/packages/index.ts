import { PackageCreate, PackageEdit } from './PackageForm';
import { PackageList } from './PackageList';

export default {
  list: PackageList,
  create: PackageCreate,
  edit: PackageEdit,
  recordRepresentation: (r: { name?: string }) => r.name ?? '',
};
