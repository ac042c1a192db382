// The one logger: Powertools for AWS Lambda's Logger. In Lambda every line is JSON with the service,
// the function's request id, cold start and the request's correlation id (added by the middlewares
// of telemetry.ts), which CloudWatch Logs Insights queries. Outside Lambda (npm start, tests) the
// same entries print as one readable line each. LOG_LEVEL sets the level (debug, info, warn, error,
// silent); the tests run silent. Call shape: logger.info('message', { key: value }).
import { LogFormatter, Logger, LogItem, LogLevelThreshold } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { asText } from '../../shared/text';
import { maskPersonalData, maskText } from './personal-data-mask';

type LevelName = keyof typeof LogLevelThreshold;

/** LOG_LEVEL (or POWERTOOLS_LOG_LEVEL) in any case; Powertools itself accepts only upper case. */
function levelFromEnv(): LevelName | undefined {
  const value = (process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL)?.trim().toUpperCase();
  return value && value in LogLevelThreshold ? (value as LevelName) : undefined;
}

// Keys every Lambda line carries; the readable line shows the useful few in its own layout.
const CONTEXT_KEYS = new Set([
  'timestamp',
  'level',
  'message',
  'service',
  'sampling_rate',
  'cold_start',
  'function_name',
  'function_memory_size',
  'function_arn',
  'function_request_id',
  'xray_trace_id',
  'correlation_id',
]);

function readableValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value);
}

/** `12:04:05.120 WARN  auth  unhandled error  routeKey="GET /api/auth/user"  [1f2e3d4c]`; a stack follows on its own lines. */
export function readableLine(attributes: Record<string, unknown>): string {
  const time = asText(attributes.timestamp ?? new Date().toISOString()).slice(11, 23);
  const source = asText(attributes.function_name ?? attributes.service);
  const fields: string[] = [];
  const blocks: string[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (CONTEXT_KEYS.has(key)) continue;
    if (typeof value === 'string' && value.includes('\n')) blocks.push(value.replace(/^/gm, '    '));
    else fields.push(`${key}=${readableValue(value)}`);
  }
  const correlation = attributes.correlation_id ? `  [${asText(attributes.correlation_id).slice(0, 8)}]` : '';
  const head = [time, asText(attributes.level).padEnd(5), source, asText(attributes.message), ...fields]
    .filter(Boolean)
    .join('  ');
  return [head + correlation, ...blocks].join('\n') + '\n';
}

/**
 * Powertools' own line (the same keys, in the same order) with personal data masked in the message
 * and in every attribute (functions/lib/personal-data-mask.ts): logs carry no personal data (issue #36).
 */
export class MaskingLogFormatter extends LogFormatter {
  override formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const base = {
      level: attributes.logLevel,
      message: maskText(asText(attributes.message ?? '')),
      timestamp: this.formatTimestamp(attributes.timestamp),
      service: attributes.serviceName,
      cold_start: attributes.lambdaContext?.coldStart,
      function_arn: attributes.lambdaContext?.invokedFunctionArn,
      function_memory_size: attributes.lambdaContext?.memoryLimitInMB,
      function_name: attributes.lambdaContext?.functionName,
      function_request_id: attributes.lambdaContext?.awsRequestId,
      sampling_rate: attributes.sampleRateValue,
      xray_trace_id: attributes.xRayTraceId,
    };
    const masked = maskPersonalData(additional, (error) => this.formatError(error)) as LogAttributes;
    return new LogItem({ attributes: base }).addAttributes(masked);
  }
}

/** The local stack's logger: the same entries as in Lambda, printed for a person rather than a query. */
class ReadableLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    log.prepareForPrint();
    const line = readableLine(log.getAttributes());
    (logLevel >= LogLevelThreshold.WARN ? process.stderr : process.stdout).write(line);
  }
}

const options = {
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'docksaathi',
  logLevel: levelFromEnv(),
  logFormatter: new MaskingLogFormatter(),
};
export const logger: Logger = process.env.AWS_LAMBDA_FUNCTION_NAME ? new Logger(options) : new ReadableLogger(options);

/**
 * Applies LOG_LEVEL again, for a long-running local process (npm start, bench) that sets it after
 * this module was first imported.
 */
export function applyLogLevelFromEnv(): void {
  const level = levelFromEnv();
  if (level) logger.setLogLevel(level);
}
