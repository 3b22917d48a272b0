import { FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';
import type { SchemaStaffPayment } from '../../../api/schema';
import { MoneyField } from '../../common/fields';
import { DecisionButtons } from './DecisionButtons';
import { CheckPreview, PaymentDate, KindField, MemberField, StateChip } from './PaymentFields';

const L = (f: string) => `atrium.payments.staff.fields.${f}`;

export function PaymentShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DecisionButtons />
        <StateChip />
        <FunctionField label={L('user')} render={() => <MemberField />} />
        <FunctionField label={L('kind')} render={() => <KindField />} />
        <MoneyField source="amount" label={L('amount')} />
        <TextField source="method_name" label={L('method_name')} />
        <TextField source="description" label={L('description')} emptyText="—" />
        <TextField source="comment" label={L('comment')} emptyText="—" />
        <FunctionField label={L('created_at')} render={() => <PaymentDate source="created_at" />} />
        <FunctionField label={L('payment_datetime')} render={() => <PaymentDate source="payment_datetime" />} />
        <FunctionField label={L('paid_at')} render={() => <PaymentDate source="paid_at" />} />
        <TextField source="reject_reason" label={L('reject_reason')} emptyText="—" />
        <FunctionField<SchemaStaffPayment>
          label={L('decided_by')}
          render={(r) => (r.decided_by ? `${r.decided_by.first_name} ${r.decided_by.last_name}` : '—')}
        />
        <FunctionField label={L('decided_at')} render={() => <PaymentDate source="decided_at" />} />
        <CheckPreview />
      </SimpleShowLayout>
    </Show>
  );
}
