import { useState } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import {
  Button,
  BulkDeleteButton,
  useGetList,
  useListContext,
  useNotify,
  useTranslate,
  useUnselectAll,
  useUpdateMany,
} from 'react-admin';
import type { SchemaContactCategory, SchemaContactStatus } from '../../../api/schema';
import { useNotifyError } from '../../common/errors';
import type { ContactBulkChange } from '../../providers/data/contacts';

type Kind = 'status' | 'add_category' | 'remove_category';

const LABELS: Record<Kind, string> = {
  status: 'atrium.contacts.bulk.status',
  add_category: 'atrium.contacts.bulk.add_category',
  remove_category: 'atrium.contacts.bulk.remove_category',
};

/** One bulk change (status, add or remove a category) through a small dialog with a select. */
function BulkChangeButton({ kind }: { kind: Kind }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('contacts');
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<string>('');
  const statuses = useGetList<SchemaContactStatus>(
    'contact-statuses',
    { pagination: { page: 1, perPage: 100 } },
    { enabled: open && kind === 'status' },
  );
  const categories = useGetList<SchemaContactCategory>(
    'contact-categories',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open && kind !== 'status' },
  );
  const [updateMany, { isPending }] = useUpdateMany();
  const options = (kind === 'status' ? statuses.data : categories.data) ?? [];

  const apply = () => {
    const id = value === '' ? null : Number(value);
    let change: ContactBulkChange;
    if (kind === 'status') change = { status: id };
    else if (id === null) return;
    else change = kind === 'add_category' ? { add_category: id } : { remove_category: id };
    void updateMany(
      'contacts',
      { ids: selectedIds, data: change },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('atrium.contacts.bulk.done', { type: 'success' });
          unselectAll();
          setOpen(false);
        },
        onError: notifyError,
      },
    );
  };

  const label = LABELS[kind];
  return (
    <>
      <Button
        label={label}
        onClick={() => {
          setOpen(true);
        }}
      />
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle>{translate(label)}</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            margin="dense"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
            }}
            label={translate(kind === 'status' ? 'atrium.contacts.fields.status' : 'atrium.contacts.fields.category')}
          >
            {kind === 'status' && <MenuItem value="">{translate('atrium.contacts.bulk.clear_status')}</MenuItem>}
            {options.map((o) => (
              <MenuItem key={o.id} value={String(o.id)}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button
            label="atrium.contacts.bulk.cancel"
            onClick={() => {
              setOpen(false);
            }}
          />
          <Button
            label="atrium.contacts.bulk.apply"
            onClick={apply}
            disabled={isPending || (kind !== 'status' && value === '')}
            variant="contained"
          />
        </DialogActions>
      </Dialog>
    </>
  );
}

export function ContactBulkActions() {
  return (
    <>
      <BulkChangeButton kind="status" />
      <BulkChangeButton kind="add_category" />
      <BulkChangeButton kind="remove_category" />
      {/* Pessimistic: a confirmation dialog first, then one all-or-nothing call. */}
      <BulkDeleteButton mutationMode="pessimistic" confirmTitle="atrium.contacts.bulk.delete_title" />
    </>
  );
}
