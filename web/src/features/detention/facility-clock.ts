// A time on the facility's clock as a datetime-local field holds it ('2026-12-04T10:40'), and back to
// the instant the API takes: staff type the time their gate register shows, wherever the browser is.
import { instantOf, localDateTime } from '@shared/time';

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** The instant of a typed facility time; what is not one is passed on for the schema to refuse. */
export function instantOfTyped(typed: string, timeZone: string): string {
  const m = LOCAL.exec(typed.trim());
  return m ? instantOf(m[1]!, m[2]!, timeZone).toISOString() : typed;
}

/** An instant as the facility's datetime-local text. */
export function typedOfInstant(iso: string, timeZone: string): string {
  const { date, time } = localDateTime(new Date(iso), timeZone);
  return `${date}T${time}`;
}
