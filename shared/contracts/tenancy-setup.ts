// A new organisation's set-up checklist (issue #53): what the hub still has to set up, each step with
// what does not work until it is done, in the order a hub meets them. The dashboard shows it until
// every step is done; the texts are the SPA's (tenancy's i18n), keyed by the step.
export const SETUP_STEPS = [
  'dltEntity',
  'dltHeader',
  'dltTemplates',
  'whatsapp',
  'doors',
  'appointmentTypes',
  'carrier',
  'bookingLink',
  'gateDevice',
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** Where each step is done in the SPA. */
export const SETUP_STEP_PATHS: Record<SetupStep, string> = {
  dltEntity: '/configuration',
  dltHeader: '/configuration',
  dltTemplates: '/configuration',
  whatsapp: '/configuration',
  doors: '/configuration',
  appointmentTypes: '/configuration',
  carrier: '/carriers',
  bookingLink: '/configuration',
  gateDevice: '/users',
};

export interface SetupChecklist {
  steps: { step: SetupStep; done: boolean }[];
  /** Every step done: the dashboard no longer shows the checklist. */
  complete: boolean;
}

/**
 * How a guest's confirmation message went (issue #53): on the channel that carried it, still on its
 * way, or not sent and why (the hub has no DLT registration yet; the number withdrew SMS; the
 * provider refused it), so the confirmation never claims an SMS that did not leave.
 */
export const DELIVERY_STATES = ['sending', 'sent', 'not_sent'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const NOT_SENT_REASONS = ['no_dlt', 'opted_out', 'failed', 'no_number'] as const;
export type NotSentReason = (typeof NOT_SENT_REASONS)[number];

export interface ConfirmationDelivery {
  state: DeliveryState;
  /** The channel that carried it (sent) or was last tried (not sent); null when none was. */
  channel: 'sms' | 'whatsapp' | null;
  reason: NotSentReason | null;
}
