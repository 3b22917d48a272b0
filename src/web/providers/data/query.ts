/**
 * TanStack Query's hooks for the provider's custom methods. They run on react-admin's own query
 * client (the one <Admin> provides), so an invalidation or a refresh reaches the lists too; screens
 * import them from here, next to the provider, not from the library.
 */
export { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
