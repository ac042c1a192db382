// The product's own figures in CloudWatch (namespace METRICS_NAMESPACE, lib/lambda.ts): each is counted
// where it happens (countFigure, telemetry.ts) with only the dimensions named here, whichever function
// counts it, so the operations alarms and dashboard (lib/monitoring.ts) read one metric per value.
import type { GateDecision, GateSource } from '../../shared/contracts/gate';
import type { Channel } from '../../shared/contracts/messaging';
import type { DomainEventType } from '../../shared/contracts/events';

export interface FigureDimensions {
  /** An appointment booked (staff, driver, guest or an external system), counted as its event is forwarded. */
  bookings: Record<string, never>;
  /** A truck checked in, counted as its event is forwarded. */
  checkIns: Record<string, never>;
  /** A message a provider accepted. */
  messagesSent: { channel: Channel };
  /** A message its provider reported delivered. */
  messagesDelivered: { channel: Channel };
  /** A message every provider of its channel failed to take. */
  messageFailures: { channel: Channel };
  /** An SMS not sent for want of its sender's DLT registration. */
  dltRefusals: Record<string, never>;
  /** A gate check's decision. */
  gateDecisions: { decision: GateDecision };
  /** A ULIP registry source's breaker opened after repeated failures (functions/lib/breaker.ts). */
  sourceBreakerOpened: { source: GateSource };
  /** After a sync run that ended FAILED: how many runs in a row its system has failed (a value, not a count). */
  integrationSyncFailureStreak: Record<string, never>;
}

export type Figure = keyof FigureDimensions;

/** The domain events whose forwarding counts a business figure (functions/messaging/event-forwarder.worker.ts). */
const EVENT_FIGURES: Partial<Record<DomainEventType, 'bookings' | 'checkIns'>> = {
  'appointment.created': 'bookings',
  'checkin.created': 'checkIns',
};

/** The figure an event of this type counts, if any. */
export const eventFigure = (type: string) => EVENT_FIGURES[type as DomainEventType];
