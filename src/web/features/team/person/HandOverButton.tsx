import { useState } from 'react';
import { Checkbox, FormControlLabel } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { SchemaStaffUserDetails } from '../../../../api/schema';
import type { AtriumDataProvider } from '../../../providers/data';
import { HandOverDialog } from '../HandOverDialog';
import { fullName } from './people';

const L = (key: string) => `atrium.person.actions.${key}`;

/** Hands the person (or every person of their responsible consultant) to another consultant. */
export function HandOverButton({ person }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const [all, setAll] = useState(false);
  const from = person.responsible;
  const move = async (to: number) =>
    (all && from ? await dataProvider.handOverUsers(from.id, to, []) : await dataProvider.giveAwayUser(person.id, to))
      .moved;
  return (
    <HandOverDialog
      variant="outlined"
      title={translate(L('hand_over_title'), { name: fullName(person) })}
      move={move}
      exclude={from?.id}
      onOpen={() => {
        setAll(false);
      }}
    >
      {from && (
        <FormControlLabel
          control={
            <Checkbox
              checked={all}
              onChange={(e) => {
                setAll(e.target.checked);
              }}
            />
          }
          label={translate(L('hand_over_all'), { name: fullName(from) })}
        />
      )}
    </HandOverDialog>
  );
}
