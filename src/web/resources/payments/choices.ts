export const KIND_CHOICES = ['subscription', 'donation', 'book'].map((id) => ({ id, name: `atrium.payments.staff.kinds.${id}` }));
export const STATE_CHOICES = ['pending', 'paid', 'canceled', 'failed', 'refunded'].map((id) => ({ id, name: `atrium.payments.staff.states.${id}` }));
export const STATE_COLOR = { pending: 'info', paid: 'success', canceled: 'error', failed: 'default', refunded: 'warning' } as const;
