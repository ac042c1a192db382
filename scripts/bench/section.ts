// What a bench section is: the running stack it gets and the report it returns. Its own module so the
// sections (scripts/bench/<domain>.ts) and the runner (scripts/bench.ts) both import it, and the
// runner, which loads the sections, is imported by none of them.
import type { Call } from './hot-paths';

export interface BenchContext {
  base: string;
  /** Where the browser sections open the SPA: HTTPS with HTTP/2 in front of `base`, as CloudFront serves it. */
  web: { url: string; protocol: string };
  dynamoDbEndpoint: string;
  admin: Call;
  operations: Call;
}

/** A section of another domain: runs against the running stack, returns what it prints and keeps. */
export type BenchSection = (
  ctx: BenchContext,
) => Promise<{ title: string; rows: Record<string, unknown>[]; extra?: Record<string, unknown> }>;

/** A section that needs no running stack (pure computation, as the door planner's): run before the stack starts. */
export type PureBenchSection = () => Promise<{
  title: string;
  rows: Record<string, unknown>[];
  extra?: Record<string, unknown>;
}>;
