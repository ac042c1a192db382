// Local mode, declared by the local entry points (`npm start`, the bench) before anything that checks
// it is loaded: functions/lib/secrets.ts refuses at import without a KMS key unless STAGE=local, and
// ES modules run in import order, so this module is the entry's first import. A deployed function
// never imports it (it lives in functions/local/), so the fail-closed rule stands there.
process.env.STAGE = 'local';
