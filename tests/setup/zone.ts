/**
 * A time zone where it is now about noon (Etc/GMT-N is UTC+N: POSIX signs are inverted).
 * "Today" ends at midnight in the owner's zone, so a task planned in 15 minutes at 23:50 rightly
 * lands in Future; tests about today's tab and today's figures borrow this zone to hold at any hour.
 */
export function zoneAtNoon(now = new Date()): string {
  const hoursAhead = 12 - now.getUTCHours(); // -11 … 12
  if (hoursAhead === 0) return 'Etc/GMT';
  return hoursAhead > 0 ? `Etc/GMT-${hoursAhead}` : `Etc/GMT+${-hoursAhead}`;
}
