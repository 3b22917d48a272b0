/** Picking a consultant, and "view as" a colleague (the staff dashboard, tasks and requests screens). */
export { StaffPicker, StaffPickerInput } from './StaffPicker';
export { StaffSwitch } from './view-as/StaffSwitch';
export { ViewAsBanner, ViewAsRefused } from './view-as/ViewAsBanner';
export { useViewAs } from './view-as/useViewAs';
