// The registry sources' breaker: one key per tenant and source (several sources share ULIP's host, so
// the outbound breaker per host cannot tell them apart). The rule itself is the kernel's.
import { circuitBreaker } from '../../lib/breaker';

export const sourceBreakers = circuitBreaker();

/** Tests start each case closed. */
export const resetBreakers = () => sourceBreakers.reset();
