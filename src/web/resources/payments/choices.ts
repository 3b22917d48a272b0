export const KIND_CHOICES = ['subscription', 'donation', 'book'].map((id) => ({
  id,
  name: `atrium.payments.staff.kinds.${id}`,
}));
const STATE_CHOICES = ['pending', 'paid', 'canceled', 'failed', 'refunded'].map((id) => ({
  id,
  name: `atrium.payments.staff.states.${id}`,
}));
/** The states the list's filter takes (the server filters on these; a refund shows under "All"). */
export const TAB_STATES = STATE_CHOICES.filter((c) => c.id !== 'refunded');
export const STATE_COLOR = {
  pending: 'info',
  paid: 'success',
  canceled: 'error',
  failed: 'default',
  refunded: 'warning',
} as const;
