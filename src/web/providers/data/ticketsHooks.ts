import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AtriumDataProvider } from '.';

/** The ticket types and statuses with their labels, through the provider (cached for 10 minutes). */
export function useTicketChoices(scope: 'member' | 'staff') {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({
    queryKey: ['tickets', 'choices', scope],
    queryFn: () => dataProvider.getTicketChoices(scope),
    staleTime: 10 * 60_000,
  });
}

/** Sends a Telegram message to a ticket's member, through the provider. */
export function useSendTicketTelegram() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useMutation({
    mutationFn: ({ ticketId, message }: { ticketId: number; message: string }) =>
      dataProvider.sendTicketTelegram(ticketId, message),
  });
}

/**
 * The member's new request. The cached "My requests" pages are dropped, not just marked stale: the
 * list opened next would otherwise show its old page ("no requests yet") until it is read again.
 */
export function useCreateMyTicket() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Parameters<AtriumDataProvider['createMyTicket']>[0]) => dataProvider.createMyTicket(body),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['my-tickets', 'getList'] });
    },
  });
}

/** The member's reply in their request's conversation; the request and the list are read again. */
export function useReplyMyTicket() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) => dataProvider.replyMyTicket(id, message),
    onSuccess: () => client.invalidateQueries({ queryKey: ['my-tickets'] }),
  });
}
