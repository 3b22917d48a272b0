/** Picking a consultant, "view as" a colleague (the staff dashboard, tasks and requests screens), the work-times notice. */
export { StaffPicker, StaffPickerInput } from './StaffPicker';
export { StaffSwitch } from './view-as/StaffSwitch';
export { ViewAsBanner, ViewAsRefused } from './view-as/ViewAsBanner';
export { useViewAs } from './view-as/useViewAs';
export { WorkTimesNotice } from './WorkTimesNotice';
