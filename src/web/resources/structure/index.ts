import { StructureList } from './StructureList';

type StructureRecord = { first_name?: string; last_name?: string };

export default {
  list: StructureList,
  recordRepresentation: (r: StructureRecord) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
};
