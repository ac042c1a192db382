// The gate device's allowed clock skew, apart from gate-pass.ts's schemas (which re-exports it), so that
// the gate screen's status line does not load zod.

/** How far ahead of the server's clock a queued check-in's gate time may be (device clock skew). */
export const GATE_CLOCK_SKEW_MINUTES = 10;
