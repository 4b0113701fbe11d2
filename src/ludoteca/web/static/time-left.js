// The time left for a turn-based table's move, in words ("2 h 10 min left"; "overdue" in the
// moment before the server plays or forfeits the move): My games and the table page.
import { _ } from "./i18n.js";

export function timeLeft(seconds) {
  if (seconds <= 0) return _("overdue");
  const minutes = Math.ceil(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0 && hours === 0) return _("{days} d left", { days });
  if (days > 0) return _("{days} d {hours} h left", { days, hours });
  if (hours > 0 && minutes % 60 === 0) return _("{hours} h left", { hours });
  if (hours > 0) return _("{hours} h {minutes} min left", { hours, minutes: minutes % 60 });
  return _("{minutes} min left", { minutes });
}
