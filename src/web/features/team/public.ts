/** A person's dialog (the roster), their completed tasks and donations (a contact's member card). */
export { PersonDialog } from './person/PersonDialog';
export { CompletedTasks } from './CompletedTasks';
export { DonationsList } from './person/DonationsTab';
