/** Who may watch, as the admin picks it (the contract's BroadcastAudience). */
export const AUDIENCE_CHOICES = [
  { id: 'everyone', name: 'atrium.broadcasts.audience.everyone' },
  { id: 'package', name: 'atrium.broadcasts.audience.package' },
  { id: 'staff', name: 'atrium.broadcasts.audience.staff' },
];
