import type { OperationId } from './types';

/**
 * The one list of contract operations that are not built yet: each answers 501 with a clear message.
 * It shrinks to empty as the areas land; a test checks that every operation has a handler or sits here.
 */
export const NOT_IMPLEMENTED: readonly OperationId[] = [
  // accounts
  'tokenAuthBot',
  'register',
  'updateMe',
  'updateAvatar',
  'getAdminRegLink',
  'connectGoogleAuth',
  'disconnectGoogleAuth',
  'setLanguage',
  'requestPasswordReset',
  'confirmPasswordReset',
  'createResetCredentialsLink',
  'validateResetCredentials',
  'saveResetCredentials',
  // books
  'getNewBook',
  'listBooks',
  'getBook',
  'purchaseBook',
  // lessons
  'listLessonCategories',
  'listFreeLessons',
  'listLessons',
  'getLesson',
  'recordLessonView',
  'listComments',
  'getComment',
  'addComment',
  'getDashboardLessons',
  // news
  'listImportantNews',
  'getNews',
  'listNews',
  // events
  'listNearestEvents',
  'getEvent',
  // subscription
  'listSubscriptionPeriods',
  'listPackages',
  'purchasePackage',
  'getSubscriptionInfo',
  'setAutoPay',
  // payments
  'createDonation',
  'createManualDonation',
  'listPaymentMethods',
  // team
  'getTeamChildren',
  'getTeamChildrenOf',
  'listStructureUsers',
  'getStructureChoices',
  'listContactDonations',
  'listContactCompletedTasks',
  'listWaitingUsers',
  'rejectResponsibleUser',
  // contacts
  'listContactStatuses',
  'listContactCategories',
  'createContactCategory',
  'updateContactCategory',
  'deleteContactCategory',
  'listContacts',
  'createContact',
  'updateContact',
  // flows
  'listFlows',
  'createFlow',
  'updateFlow',
  'deleteFlow',
  'getLandingElements',
  'addLandingElement',
  'updateLandingElement',
  'deleteLandingElement',
  'checkLandingName',
  'validateLandingEmail',
  'validateLandingPhone',
  // statistics
  'getStatistics',
  'getStatisticsByCountries',
  'getStaffStatistics',
  // tasks
  'listTasks',
  'createTask',
  'createNewLeadTask',
  'updateTask',
  'listUsersToLink',
  // staff
  'updateWorkTimes',
  'getUserDetails',
  'listActionLogs',
  'blockUnblockUser',
  'removeUser',
  'updateConsultantSettings',
  'createLeadUser',
  'createPartnerUser',
  'getPartnerDetails',
  'updateUserSettings',
  'giveAwayUser',
  'managerGiveAwayUser',
  'listTagsGroups',
  // tickets
  'getTicketChoices',
  'createTicket',
  'listConsultantTickets',
  'getConsultantTicket',
  'updateTicket',
  'rejectTicket',
  'createTicketForMember',
  'sendTelegramMessage',
  // other
  'getAllConfigs',
  'getFooterLinks',
  // imports
  'listUserImports',
  'saveUserImport',
  'startUserImport',
];
