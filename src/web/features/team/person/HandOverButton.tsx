import { Checkbox, FormControlLabel } from '@mui/material';
import { useDataProvider, useInput, useTranslate } from 'react-admin';
import type { SchemaStaffUserDetails } from '../../../../api/schema';
import type { AtriumDataProvider } from '../../../providers/data';
import { HandOverDialog } from '../HandOverDialog';
import { fullName } from './people';

const L = (key: string) => `atrium.person.actions.${key}`;

/** "All people of …": a box of the dialog's form. */
function AllBox({ label }: { label: string }) {
  const { field } = useInput({ source: 'all', defaultValue: false });
  return (
    <FormControlLabel
      control={
        <Checkbox
          name={field.name}
          slotProps={{ input: { ref: field.ref } }}
          checked={field.value === true}
          onChange={(e) => {
            field.onChange(e.target.checked);
          }}
        />
      }
      label={label}
    />
  );
}

/** Hands the person (or, with the box ticked, every person of their responsible consultant) to another consultant. */
export function HandOverButton({ person }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const from = person.responsible;
  const move = async (to: number, { all }: { all?: unknown }) =>
    (all === true && from
      ? await dataProvider.handOverUsers(from.id, to, [])
      : await dataProvider.giveAwayUser(person.id, to)
    ).moved;
  return (
    <HandOverDialog
      variant="outlined"
      title={translate(L('hand_over_title'), { name: fullName(person) })}
      move={move}
      person={person.id}
    >
      {from && <AllBox label={translate(L('hand_over_all'), { name: fullName(from) })} />}
    </HandOverDialog>
  );
}
