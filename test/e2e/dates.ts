// Dates in journeys: the days of test/support/dates.ts as the screens show them, and a calendar
// turned the way a user turns it.
import { expect, type Locator } from '@playwright/test';
import { indiaDate, monthsBetween, monthStart } from '../support/dates';

export { indiaDate };

/** A date as the screens show it in English (format.day), e.g. '1 Nov 2026'. */
export function shownDay(date: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A calendar day button's name: the readable date, e.g. '1 November 2026'. */
export function calendarDayName(date: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * Turns the guest calendar from the month it shows (`shows`: by default today's in India, the month
 * it opens on) to the month of `date`, with its "Next month" button (`nextMonth`: its name in the
 * screen's language), each turn waiting for the month to be drawn.
 */
export async function turnCalendarTo(calendar: Locator, date: string, shows = indiaDate(), nextMonth = 'Next month') {
  await expect(calendar.locator(`[data-date="${monthStart(shows, 0)}"]`)).toBeVisible();
  for (let turn = 1; turn <= monthsBetween(shows, date); turn++) {
    await calendar.getByRole('button', { name: nextMonth, exact: true }).click();
    await expect(calendar.locator(`[data-date="${monthStart(shows, turn)}"]`)).toBeVisible();
  }
}

/** The day button of `date` in the guest calendar (in English), after turning the calendar to its month. */
export async function calendarDay(calendar: Locator, date: string, shows = indiaDate()): Promise<Locator> {
  await turnCalendarTo(calendar, date, shows);
  const day = calendar.getByRole('button', { name: calendarDayName(date), exact: true });
  await expect(day).toBeVisible();
  return day;
}
