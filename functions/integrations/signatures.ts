// Standard Webhooks signing and verifying: the kernel's one implementation (functions/lib/standard-webhooks.ts).
export * from '../lib/standard-webhooks';
