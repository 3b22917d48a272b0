/** The support box of the member's dashboard and a ticket's dialog (the person page's requests tab). */
export { SupportBox } from './SupportBox';
export { TicketDialog } from './TicketDialog';
export type { TicketLabels } from './TicketsPage';
