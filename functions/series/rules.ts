// The pure rules of a standing appointment (issue #32): its RFC 5545 rule and the dates it yields. The
// rule's DTSTART is a floating local time (no zone, RFC 5545 §3.3.5): the facility's own clock, so a
// Monday 09:00 load stays a Monday 09:00 load whatever the zone. rrule computes floating times as if
// they were UTC; only their date part is used.
import * as rruleModule from 'rrule';
import type { Weekday as RRuleWeekday } from 'rrule';
import { addDays } from '../../shared/time';
import { HORIZON_WEEKS, type Weekday } from '../../shared/contracts/series';

// rrule reaches Node's ES module loader as CommonJS (its exports under `default`), and bundlers as ES modules.
const { RRule, rrulestr } = (rruleModule as { default?: typeof rruleModule }).default ?? rruleModule;

const BYDAY: Record<Weekday, RRuleWeekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

const floating = (date: string, time: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, h, min));
};

export interface RecurrencePlan {
  weekdays: Weekday[];
  startDate: string;
  timeStart: string;
  endDate: string | null;
  count: number | null;
}

/** The series' rule as RFC 5545 text: a floating DTSTART line and a weekly RRULE line. */
export function seriesRule(plan: RecurrencePlan): string {
  const rule = new RRule({
    freq: RRule.WEEKLY,
    byweekday: plan.weekdays.map((d) => BYDAY[d]),
    dtstart: floating(plan.startDate, plan.timeStart),
    ...(plan.count !== null ? { count: plan.count } : {}),
    ...(plan.endDate !== null ? { until: floating(plan.endDate, '23:59') } : {}),
  });
  // rrule writes the floating times with a 'Z'; the rule keeps them floating (local to the facility).
  return rule.toString().replace(/(\d{8}T\d{6})Z/g, '$1');
}

/** Every date of a rule, in order (a series' rule always ends: an end date or a count). */
export function ruleDates(rule: string): string[] {
  return rrulestr(rule)
    .all()
    .map((d) => d.toISOString().slice(0, 10));
}

/** The dates of a rule after `after` (none: from its start) up to and including `through`. */
export const datesBetween = (rule: string, after: string | null, through: string): string[] =>
  ruleDates(rule).filter((d) => (after === null || d > after) && d <= through);

/** The last date whose occurrence is booked ahead when today is `today` (the facility's date). */
export const horizonEnd = (today: string): string => addDays(today, HORIZON_WEEKS * 7);
