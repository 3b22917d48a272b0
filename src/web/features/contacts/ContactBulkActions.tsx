import { useState } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import {
  Button,
  BulkDeleteButton,
  Form,
  SelectInput,
  useGetList,
  useListContext,
  useNotify,
  useTranslate,
  useUnselectAll,
  useUpdateMany,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import type { SchemaContactCategory, SchemaContactStatus } from '../../../api/schema';
import { requiredValue } from '../../../api/validation';
import { validatorsFor } from '../../../api/validators';
import { useNotifyError } from '../../common/errors';
import type { ContactBulkChange } from './data';

type Kind = 'status' | 'add_category' | 'remove_category';

// The dialog's form is not about a contact; a status starts at none, a category unpicked.
const NO_RECORD = {};
const OPENING: Record<Kind, Values> = { status: { choice: '' }, add_category: {}, remove_category: {} };

const LABELS: Record<Kind, string> = {
  status: 'atrium.contacts.bulk.status',
  add_category: 'atrium.contacts.bulk.add_category',
  remove_category: 'atrium.contacts.bulk.remove_category',
};

type Values = { choice?: number | '' };
// The form's one field is the request's category or status (their validators; status may be none).
const contract = validatorsFor('ContactBulkRequest');
const NO_STATUS = '';

/** Applies; for a category, off until one is picked; off while the call runs. */
function ApplyButton({ kind }: { kind: Kind }) {
  const choice = useWatch<Values, 'choice'>({ name: 'choice' });
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      label="atrium.contacts.bulk.apply"
      disabled={isSubmitting || (kind !== 'status' && (choice === undefined || choice === NO_STATUS))}
      variant="contained"
    />
  );
}

/** One bulk change (status, add or remove a category) through a small dialog's form with a select. */
function BulkChangeButton({ kind }: { kind: Kind }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('contacts');
  const [open, setOpen] = useState(false);
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
  const [updateMany] = useUpdateMany();
  const options = (kind === 'status' ? statuses.data : categories.data) ?? [];

  const apply = async ({ choice }: Values) => {
    const id = choice === undefined || choice === NO_STATUS ? null : choice;
    let change: ContactBulkChange;
    if (kind === 'status') change = { status: id };
    else if (id === null) return;
    else change = kind === 'add_category' ? { add_category: id } : { remove_category: id };
    try {
      await updateMany(
        'contacts',
        { ids: selectedIds, data: change },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('atrium.contacts.bulk.done', { type: 'success' });
      unselectAll();
      setOpen(false);
    } catch (err) {
      notifyError(err);
    }
  };

  const label = LABELS[kind];
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <Button
        label={label}
        onClick={() => {
          setOpen(true);
        }}
      />
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <Form<Values>
          record={NO_RECORD}
          defaultValues={OPENING[kind]}
          onSubmit={apply}
          noValidate
          disableInvalidFormNotification
        >
          <DialogTitle>{translate(label)}</DialogTitle>
          <DialogContent>
            {kind === 'status' ? (
              // No status is the select's empty choice, first.
              <SelectInput
                source="choice"
                label="atrium.contacts.fields.status"
                choices={options}
                validate={contract.status}
                emptyText="atrium.contacts.bulk.clear_status"
                emptyValue={NO_STATUS}
                helperText={false}
              />
            ) : (
              <SelectInput
                source="choice"
                label="atrium.contacts.fields.category"
                choices={options}
                // Adding or removing a category needs one (the server refuses the action without).
                validate={[requiredValue, ...contract.category]}
                helperText={false}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button label="atrium.contacts.bulk.cancel" onClick={close} />
            <ApplyButton kind={kind} />
          </DialogActions>
        </Form>
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
