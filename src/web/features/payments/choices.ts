export const KIND_CHOICES = ['subscription', 'donation', 'book', 'product'].map((id) => ({
  id,
  name: `atrium.payments.staff.kinds.${id}`,
}));
/**
 * The states the list's tabs filter on (the server filters on these; a refund shows under "All").
 * Pending is two tabs: manual transfers staff must decide on, and card checkouts the payer may still finish.
 */
export const TAB_STATES = ['needs_approval', 'awaiting_card', 'paid', 'canceled', 'failed'].map((id) => ({
  id,
  name: `atrium.payments.staff.states.${id}`,
}));
export const STATE_COLOR = {
  needs_approval: 'warning',
  awaiting_card: 'info',
  paid: 'success',
  canceled: 'error',
  failed: 'default',
  refunded: 'warning',
} as const;

/** The state as staff read it: a pending payment needs their approval (manual) or waits for the card payer. */
export const shownState = (p: { state: keyof typeof STATE_COLOR | 'pending'; is_manual: boolean }) =>
  p.state === 'pending' ? (p.is_manual ? 'needs_approval' : 'awaiting_card') : p.state;
