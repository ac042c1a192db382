// Whether a truck is held at the gate, apart from gate.ts's schemas (which re-exports it), so that a
// check-in card showing it does not load zod.

/** A held truck waits until a yard manager or admin overrides; it may still be turned away (leave). */
export const heldAtGate = (gate: { decision: string; override: unknown } | null | undefined) =>
  gate?.decision === 'HOLD' && !gate.override;
