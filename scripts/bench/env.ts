// The bench's environment, set before any product module is loaded (imported first by bench.ts):
// local mode (functions/local/local-mode.ts), silent logs, no outbox echo, per-address
// limits raised (the load comes from one machine).
import '../../functions/local/local-mode';

process.env.LOG_LEVEL ??= 'silent';
process.env.LOCAL_OUTBOX_ECHO = '0';
process.env.RATE_LIMIT_FACTOR = '1000';
