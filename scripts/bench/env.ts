// The bench's environment, set before any product module is loaded (imported first by bench.ts):
// local mode (modules it loads check it when they load), silent logs, no outbox echo, per-address
// limits raised (the load comes from one machine).
process.env.STAGE = 'local';
process.env.LOG_LEVEL ??= 'silent';
process.env.LOCAL_OUTBOX_ECHO = '0';
process.env.RATE_LIMIT_FACTOR = '1000';
