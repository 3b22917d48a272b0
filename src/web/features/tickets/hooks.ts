import { useProviderMutation, useProviderQuery } from '../../providers/data/providerHooks';
import { useProfile } from '../profile/hooks';

/** The ticket types and statuses with their labels (cached for 10 minutes). */
export const useTicketChoices = (scope: 'member' | 'staff') =>
  useProviderQuery('getTicketChoices', [scope], { staleTime: 10 * 60_000 });

/** Sends a Telegram message to a ticket's member. */
export const useSendTicketTelegram = () => useProviderMutation('sendTicketTelegram');

/** The member's new request (createMyTicket drops the cached "My requests" pages). */
export const useCreateMyTicket = () => useProviderMutation('createMyTicket');

/** The member's reply in their request's conversation (the request and the list are read again). */
export const useReplyMyTicket = () => useProviderMutation('replyMyTicket');

/**
 * Whether a new request of the signed-in member would go to the support team (no active consultant
 * looks after them), so the texts before sending do not promise a consultant. False while the profile loads.
 */
export const useAsksSupport = () => useProfile().data?.requests_answered_by === 'support';
