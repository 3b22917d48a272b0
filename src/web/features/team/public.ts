/** A person's dialog (the roster) and its new person's language, zone and invitation inputs, their completed tasks and donations (a contact's member card). */
export { PersonDialog } from './person/PersonDialog';
export { NewPersonSettings } from './person/NewPersonSettings';
export { CompletedTasks } from './CompletedTasks';
export { DonationsList } from './person/DonationsTab';
