// Powertools for AWS Lambda's Tracer and Metrics, one of each per process, and the middy
// middlewares that every Lambda (HTTP functions and workers) wears around its handler.
// - Tracing runs only in Lambda: the Tracer turns itself off outside it (npm start, tests), and
//   POWERTOOLS_TRACE_ENABLED=false turns it off there. Responses are never put in traces (they
//   carry session cookies and personal data).
// - Metrics are published only where the CDK stack set a namespace (POWERTOOLS_METRICS_NAMESPACE)
//   and POWERTOOLS_METRICS_DISABLED is not true; locally nothing is printed.
// First: decides the X-Ray SDK's mode before the Tracer loads it.
import './xray-mode';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { logger } from './logger';
import type { Figure, FigureDimensions } from './product-metrics';

export const tracer = new Tracer();
export const metrics = new Metrics();
/** Whether this process records metrics: deployed with a namespace (Metrics itself honours POWERTOOLS_METRICS_DISABLED). */
export const metricsEnabled = Boolean(process.env.POWERTOOLS_METRICS_NAMESPACE);

// A caller's correlation id goes into every log line, so it may only be a plain token.
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's x-correlation-id when it is a plausible id, else the API Gateway request id. */
export function httpCorrelationId(event: APIGatewayProxyEventV2): string | undefined {
  const header = event.headers?.['x-correlation-id'];
  return header && CORRELATION_ID.test(header) ? header : event.requestContext?.requestId;
}

/**
 * The observability middlewares, outermost first: the Logger's Lambda context (request id, cold
 * start) and the request's correlation id, cleared after each invocation; the Tracer's handler
 * segment; and, where metrics are enabled, the flush of the invocation's metrics with a cold-start
 * count.
 */
export function observability<E, R>(correlationId: (event: E) => string | undefined): MiddlewareObj<E, R>[] {
  const middlewares: MiddlewareObj<E, R>[] = [
    injectLambdaContext(logger, { resetKeys: true }),
    {
      before: (request) => {
        const id = correlationId(request.event);
        if (id) logger.setCorrelationId(id);
      },
    },
    captureLambdaHandler(tracer, { captureResponse: false }),
  ];
  if (metricsEnabled) middlewares.push(logMetrics(metrics, { captureColdStartMetric: true }));
  return middlewares;
}

/**
 * One `requests` count per HTTP request, by route and status class (2xx, 4xx...). It must sit
 * inside `observability` (so its flush sees the count) and outside the middleware that turns errors
 * into responses (so an error is counted with the status it was answered with).
 */
export function countRequests<E extends APIGatewayProxyEventV2>(): MiddlewareObj<
  E,
  APIGatewayProxyStructuredResultV2
>[] {
  if (!metricsEnabled) return [];
  const count = (request: { event: E; response: APIGatewayProxyStructuredResultV2 | undefined | null }) => {
    const status = request.response?.statusCode ?? 500;
    metrics.addDimensions({ route: request.event.routeKey, status: `${Math.floor(status / 100)}xx` });
    metrics.addMetric('requests', MetricUnit.Count, 1);
  };
  return [{ after: count, onError: count }];
}

/**
 * One count of a product figure (functions/lib/product-metrics.ts), published at once with its own
 * dimensions only, not the function's `service`: the same figure counted by several functions is one
 * metric for the alarms and the dashboard.
 */
export function countFigure<F extends Figure>(name: F, dimensions: FigureDimensions[F], value = 1): void {
  if (!metricsEnabled) return;
  const figure = metrics.singleMetric();
  figure.clearDefaultDimensions();
  for (const [key, dimension] of Object.entries(dimensions)) figure.addDimension(key, dimension);
  figure.addMetric(name, MetricUnit.Count, value);
}
