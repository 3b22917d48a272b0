/**
 * TanStack Query's hooks for this folder's hooks (providerHooks.ts and the *Hooks.ts). They run on
 * react-admin's own query client (the one <Admin> provides), so an invalidation or a refresh reaches
 * the lists too. Screens call useProviderQuery/useProviderMutation instead (a lint rule keeps it so).
 */
export { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
