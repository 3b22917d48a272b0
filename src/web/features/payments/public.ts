/** A member's donation (dashboard, subscription page) and their past donations. */
export { DonateButton } from './donation/DonationDialog';
export { MyDonations } from './donation/MyDonations';
