/** Who may watch (the contract's BroadcastAudience): each value's label. */
export const AUDIENCE_LABEL = {
  everyone: 'atrium.broadcasts.audience.everyone',
  package: 'atrium.broadcasts.audience.package',
  staff: 'atrium.broadcasts.audience.staff',
} as const;

/** The same as the admin's choices. */
export const AUDIENCE_CHOICES = (['everyone', 'package', 'staff'] as const).map((id) => ({
  id,
  name: AUDIENCE_LABEL[id],
}));
