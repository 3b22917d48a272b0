export const roleChoices = ['member', 'consultant', 'admin'].map((id) => ({ id, name: `atrium.users.roles.${id}` }));
export const leadStatusChoices = ['waiting', 'processing', 'active', 'not_active'].map((id) => ({
  id,
  name: `atrium.users.lead_statuses.${id}`,
}));
