import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { SchemaStructureUser } from '../../../../api/schema';
import type { AtriumDataProvider } from '../../../providers/data';
import { HandOverDialog } from '../HandOverDialog';

/**
 * The selected people grouped by the consultant responsible for them (known for the rows of this page):
 * each group moves in one call (manager/give_away_user, all or nothing); the rest one by one.
 */
function groupsOf(ids: number[], rows: SchemaStructureUser[]) {
  const byFrom = new Map<number, number[]>();
  const single: number[] = [];
  for (const id of ids) {
    const from = rows.find((r) => r.id === id)?.responsible?.id;
    if (from === undefined) single.push(id);
    else byFrom.set(from, [...(byFrom.get(from) ?? []), id]);
  }
  return { byFrom, single };
}

/** "Hand over" for the rows selected in the structure list; the selection is cleared after the move. */
export function BulkHandOverButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const { selectedIds, data, onUnselectItems } = useListContext<SchemaStructureUser>();
  const ids = selectedIds.map(Number);
  const move = async (to: number) => {
    const { byFrom, single } = groupsOf(ids, data ?? []);
    let moved = 0;
    for (const [from, users] of byFrom) {
      if (from !== to) moved += (await dataProvider.handOverUsers(from, to, users)).moved;
    }
    for (const id of single) moved += (await dataProvider.giveAwayUser(id, to)).moved;
    return moved;
  };
  return (
    <HandOverDialog
      size="small"
      title={translate('atrium.person.actions.hand_over_many_title', { smart_count: ids.length })}
      move={move}
      onMoved={() => {
        onUnselectItems();
      }}
    />
  );
}
