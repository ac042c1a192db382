// The X-Ray SDK (under Powertools' Tracer) tracks every promise of the process from the moment it is
// loaded (cls-hooked's async hook, with a destroy hook per promise), unless it starts in manual mode.
// Tracing runs only in Lambda (telemetry.ts), so everywhere else (npm start, the tests, scripts) it
// starts in manual mode: measured, a promise cost 4-5 times as much with the hook as without, and the
// hook was 7 % of an integration test's CPU (issue #54). Imported by telemetry.ts before the Tracer.
const tracing = Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) && process.env.POWERTOOLS_TRACE_ENABLED !== 'false';
if (!tracing) process.env.AWS_XRAY_MANUAL_MODE ??= 'true';
