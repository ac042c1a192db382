// What tells the team something is wrong (issue #35): one list of watches (a metric, its threshold and
// what it means), from which both the alarms (each to the operations topic, e-mailed to `-c alarmEmail=`)
// and the stage's CloudWatch dashboard are made, the dashboard with the business figures the product
// counts (functions/lib/product-metrics.ts) beside them; and, with `-c monthlyBudgetUsd=`, an AWS Budget
// for the stage that alerts the same topic. Thresholds are the stage's (lib/stage.ts).
import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { Figure, FigureDimensions } from '../functions/lib/product-metrics';
import { CHANNELS } from '../shared/contracts/messaging';
import { GATE_DECISIONS, GATE_SOURCES } from '../shared/contracts/gate';
import { METRICS_NAMESPACE } from './lambda';
import type { StageConfig } from './stage';

const FIVE_MINUTES = Duration.minutes(5);
const FIFTEEN_MINUTES = Duration.minutes(15);
// The operations the product's code calls (a metric per operation; an alarm takes at most 10 metrics).
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.TRANSACT_GET_ITEMS,
];

/** One thing watched: an alarm, and a line of the dashboard graph titled `graph`. */
export interface Watch {
  /** Unique in the app; the alarm's construct id and the end of its name. */
  id: string;
  graph: string;
  /** The line's label on the graph: the function, queue or channel it is about. */
  subject: string;
  /** What it means when it fires (the alarm's description; docs/operations.md says what to do). */
  meaning: string;
  metric: IMetric;
  threshold: number;
  /** Periods in a row over the threshold before it fires (default 1). */
  periodsInARow?: number;
}

export interface MonitoringProps {
  /** The app's name (the stacks' prefix): the alarms', the dashboard's and the budget's names start with it. */
  appName: string;
  config: StageConfig;
  httpApi: IHttpApi;
  /** Every Lambda of the product by its name (HTTP functions, workers, the integrations' sync). */
  functions: ReadonlyMap<string, IFunction>;
  /** Each worker's dead-letter queue by the worker's name. */
  deadLetterQueues: ReadonlyMap<string, IQueue>;
  /** The workers reading the table's stream. */
  streamWorkers: readonly string[];
  table: ITable;
}

function figure<F extends Figure>(name: F, dimensions: FigureDimensions[F], period: Duration): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: dimensions,
    statistic: 'Sum',
    period,
  });
}

/** The watches of the stage, in the dashboard's order. */
export function watches(props: MonitoringProps): Watch[] {
  const t = props.config.alarms;
  const api = props.httpApi;
  const list: Watch[] = [
    {
      id: 'api-5xx-rate',
      graph: 'API: 5xx answers (% of requests)',
      subject: 'API',
      meaning: `More than ${t.api5xxPercent}% of the API's requests answered 5xx in 5 minutes`,
      metric: new MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: api.metricServerError({ statistic: 'Sum', period: FIVE_MINUTES }),
          requests: api.metricCount({ statistic: 'Sum', period: FIVE_MINUTES }),
        },
        label: '5xx %',
        period: FIVE_MINUTES,
      }),
      threshold: t.api5xxPercent,
    },
    {
      id: 'api-p99-latency',
      graph: 'API: p99 latency (ms)',
      subject: 'API',
      meaning: `The API's p99 latency over 5 minutes passed ${t.apiP99LatencyMs} ms`,
      metric: api.metricLatency({ statistic: 'p99', period: FIVE_MINUTES }),
      threshold: t.apiP99LatencyMs,
    },
  ];
  for (const [name, fn] of props.functions) {
    const timeoutSeconds = Number((fn.node.defaultChild as CfnFunction).timeout ?? 3);
    const nearTimeoutMs = Math.round((timeoutSeconds * 1000 * t.durationPercentOfTimeout) / 100);
    list.push(
      {
        id: `${name}-errors`,
        graph: 'Functions: errors',
        subject: name,
        meaning: `${name} failed ${t.functionErrors} or more times in 5 minutes`,
        metric: fn.metricErrors({ statistic: 'Sum', period: FIVE_MINUTES }),
        threshold: t.functionErrors,
      },
      {
        id: `${name}-throttles`,
        graph: 'Functions: throttled invocations',
        subject: name,
        meaning: `${name} was throttled ${t.functionThrottles} or more times in 5 minutes`,
        metric: fn.metricThrottles({ statistic: 'Sum', period: FIVE_MINUTES }),
        threshold: t.functionThrottles,
      },
      {
        id: `${name}-duration`,
        graph: 'Functions: longest run (ms)',
        subject: name,
        meaning: `A run of ${name} took ${t.durationPercentOfTimeout}% of its ${timeoutSeconds} s timeout or more`,
        metric: fn.metricDuration({ statistic: 'Maximum', period: FIVE_MINUTES }),
        threshold: nearTimeoutMs,
      },
    );
  }
  for (const name of props.streamWorkers) {
    const fn = props.functions.get(name);
    if (!fn) continue;
    list.push({
      id: `${name}-iterator-age`,
      graph: "Stream workers: how far behind the table's changes (ms)",
      subject: name,
      meaning: `${name} is more than ${t.iteratorAgeSeconds} s behind the table's changes`,
      metric: fn.metric('IteratorAge', { statistic: 'Maximum', period: FIVE_MINUTES }),
      threshold: t.iteratorAgeSeconds * 1000,
    });
  }
  for (const [name, queue] of props.deadLetterQueues)
    list.push({
      id: `${name}-dead-letters`,
      graph: 'Workers: dead letters waiting',
      subject: name,
      meaning: `${name} gave up on work: its dead-letter queue is not empty (npm run dlq -- show ${name})`,
      metric: queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES }),
      threshold: 1,
    });
  list.push(
    {
      id: 'table-throttled-requests',
      graph: 'Table: throttled requests',
      subject: 'throttled',
      meaning: `${t.tableThrottledRequests} or more requests to the table were throttled in 5 minutes`,
      metric: props.table.metricThrottledRequestsForOperations({
        operations: TABLE_OPERATIONS,
        period: FIVE_MINUTES,
        label: 'throttled',
      }),
      threshold: t.tableThrottledRequests,
    },
    {
      id: 'table-system-errors',
      graph: 'Table: system errors',
      subject: 'system errors',
      meaning: 'DynamoDB answered requests to the table with a system error (500) in 5 minutes',
      metric: props.table.metricSystemErrorsForOperations({
        operations: TABLE_OPERATIONS,
        period: FIVE_MINUTES,
        label: 'system errors',
      }),
      threshold: 1,
    },
  );
  for (const channel of CHANNELS)
    list.push({
      id: `messages-failed-${channel}`,
      graph: 'Messaging: messages no provider took, by channel',
      subject: channel,
      meaning: `${t.messageFailures} or more ${channel} messages failed with every provider in 15 minutes`,
      metric: figure('messageFailures', { channel }, FIFTEEN_MINUTES),
      threshold: t.messageFailures,
    });
  list.push({
    id: 'sms-dlt-refusals',
    graph: 'Messaging: SMS refused without a DLT registration',
    subject: 'DLT refusals',
    meaning: `${t.dltRefusals} or more SMS were not sent for want of a DLT registration in 15 minutes`,
    metric: figure('dltRefusals', {}, FIFTEEN_MINUTES),
    threshold: t.dltRefusals,
  });
  for (const source of GATE_SOURCES)
    list.push({
      id: `ulip-breaker-${source.toLowerCase()}`,
      graph: 'Gate: ULIP source breakers opened',
      subject: source,
      meaning: `The ${source} source failed repeatedly and its breaker opened (checks skip it for a while)`,
      metric: figure('sourceBreakerOpened', { source }, FIVE_MINUTES),
      threshold: 1,
    });
  list.push({
    id: 'integration-syncs-failing',
    graph: 'Integrations: failed syncs',
    subject: 'failed syncs',
    meaning: `An integration system's sync failed ${t.syncFailuresInARow} times in a row`,
    // Each failed run reports how many runs in a row its system has failed (functions/integrations/sync.ts).
    metric: figure('integrationSyncFailureStreak', {}, FIFTEEN_MINUTES).with({ statistic: 'Maximum' }),
    threshold: t.syncFailuresInARow,
  });
  return list;
}

/** The business figures the product counts, by graph (no alarm on them). */
function businessGraphs(): GraphWidget[] {
  const hour = Duration.hours(1);
  const byChannel = (name: 'messagesSent' | 'messagesDelivered') =>
    CHANNELS.map((channel) => figure(name, { channel }, hour).with({ label: channel }));
  return [
    new GraphWidget({
      title: 'Bookings and check-ins (per hour)',
      left: [
        figure('bookings', {}, hour).with({ label: 'bookings' }),
        figure('checkIns', {}, hour).with({ label: 'check-ins' }),
      ],
      width: 12,
    }),
    new GraphWidget({
      title: 'Gate decisions (per hour)',
      left: GATE_DECISIONS.map((decision) => figure('gateDecisions', { decision }, hour).with({ label: decision })),
      width: 12,
    }),
    new GraphWidget({ title: 'Messages sent, by channel (per hour)', left: byChannel('messagesSent'), width: 12 }),
    new GraphWidget({
      title: 'Messages delivered, by channel (per hour)',
      left: byChannel('messagesDelivered'),
      width: 12,
    }),
  ];
}

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { config, appName } = props;
    this.topic = new Topic(this, 'operations', {
      displayName: `${appName} operations alarms`,
      enforceSSL: true,
    });
    if (config.alarmEmail) this.topic.addSubscription(new EmailSubscription(config.alarmEmail));

    const list = watches(props);
    const action = new SnsAction(this.topic);
    this.alarms = list.map((watch) => {
      const alarm = new Alarm(this, watch.id, {
        alarmName: `${appName}-${watch.id}`,
        alarmDescription: watch.meaning,
        metric: watch.metric,
        threshold: watch.threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: watch.periodsInARow ?? 1,
        datapointsToAlarm: watch.periodsInARow ?? 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      return alarm;
    });

    this.dashboard = new Dashboard(this, 'dashboard', {
      dashboardName: `${appName}-operations`,
      defaultInterval: Duration.hours(24),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# ${appName} (${config.stage})\nAlarms go to the operations topic; what each means and what to do: docs/operations.md.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 }));
    this.dashboard.addWidgets(...businessGraphs());
    // One graph per kind of watch, a line per subject; its threshold drawn when all lines share it.
    const graphs = new Map<string, Watch[]>();
    for (const watch of list) graphs.set(watch.graph, [...(graphs.get(watch.graph) ?? []), watch]);
    this.dashboard.addWidgets(
      ...[...graphs].map(([title, members]) => {
        const thresholds = new Set(members.map((m) => m.threshold));
        return new GraphWidget({
          title,
          left: members.map((m) => (m.metric instanceof Metric ? m.metric.with({ label: m.subject }) : m.metric)),
          leftAnnotations: thresholds.size === 1 ? [{ value: members[0]!.threshold, label: 'alarm' }] : undefined,
          width: 12,
        });
      }),
    );

    if (config.monthlyBudgetUsd !== undefined) {
      // AWS Budgets publishes to the topic; it needs the topic's leave to.
      this.topic.addToResourcePolicy(
        new PolicyStatement({
          actions: ['sns:Publish'],
          principals: [new ServicePrincipal('budgets.amazonaws.com')],
          resources: [this.topic.topicArn],
          conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
        }),
      );
      const alert = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
        notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
        subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
      });
      new CfnBudget(this, 'budget', {
        budget: {
          budgetName: `${appName}-monthly`,
          budgetType: 'COST',
          timeUnit: 'MONTHLY',
          budgetLimit: { amount: config.monthlyBudgetUsd, unit: 'USD' },
          // The stage's resources by their tag (lib/platform.ts); the tag must be activated for cost allocation.
          costFilters: { TagKeyValue: [`user:stage$${config.stage}`] },
        },
        notificationsWithSubscribers: [alert('ACTUAL', 80), alert('FORECASTED', 100)],
      });
    }
  }
}
