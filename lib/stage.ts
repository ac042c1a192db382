// The stage a deploy is for (`-c stage=dev|staging|prod`, dev by default) and everything that differs
// between stages, in one typed table: the stacks' names, how long logs are kept, whether data outlives
// its stack, and the alarm thresholds (lib/monitoring.ts). The deploy's own context values (alarm
// e-mail, custom domain and its certificate, monthly budget) are read and checked here too: a wrong
// one fails the synth with a message naming it and what is allowed, before any resource is made.
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';

export const STAGES = ['dev', 'staging', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** The project's name: the prefix of every stack and the `project` tag. */
export const PROJECT = 'DockSaathi';

export interface AlarmThresholds {
  /** Share of the API's requests answered 5xx over 5 minutes, in percent. */
  api5xxPercent: number;
  /** The API's p99 latency over 5 minutes, in milliseconds. */
  apiP99LatencyMs: number;
  /** A function's errors (thrown, timed out) in 5 minutes. */
  functionErrors: number;
  /** A function's throttled invocations in 5 minutes. */
  functionThrottles: number;
  /** A function's longest run in 5 minutes, in percent of its timeout. */
  durationPercentOfTimeout: number;
  /** How far behind the table's stream a stream worker is, in seconds. */
  iteratorAgeSeconds: number;
  /** DynamoDB requests throttled in 5 minutes. */
  tableThrottledRequests: number;
  /** Messages every provider of a channel failed to take, in 15 minutes. */
  messageFailures: number;
  /** SMS refused for want of a DLT registration, in 15 minutes. */
  dltRefusals: number;
  /** Failed sync runs in a row of one integration system before the alarm. */
  syncFailuresInARow: number;
}

export interface StageSettings {
  logRetention: RetentionDays;
  /** The table, the uploads bucket and the logs when their stack is deleted. */
  dataRemoval: RemovalPolicy;
  alarms: AlarmThresholds;
}

export const STAGE_SETTINGS: Record<Stage, StageSettings> = {
  dev: {
    logRetention: RetentionDays.ONE_WEEK,
    dataRemoval: RemovalPolicy.DESTROY,
    alarms: {
      api5xxPercent: 10,
      apiP99LatencyMs: 5000,
      functionErrors: 5,
      functionThrottles: 5,
      durationPercentOfTimeout: 90,
      iteratorAgeSeconds: 600,
      tableThrottledRequests: 50,
      messageFailures: 10,
      dltRefusals: 10,
      syncFailuresInARow: 4,
    },
  },
  staging: {
    logRetention: RetentionDays.ONE_MONTH,
    dataRemoval: RemovalPolicy.RETAIN,
    alarms: {
      api5xxPercent: 5,
      apiP99LatencyMs: 3000,
      functionErrors: 3,
      functionThrottles: 1,
      durationPercentOfTimeout: 85,
      iteratorAgeSeconds: 300,
      tableThrottledRequests: 10,
      messageFailures: 5,
      dltRefusals: 3,
      syncFailuresInARow: 3,
    },
  },
  prod: {
    logRetention: RetentionDays.THREE_MONTHS,
    dataRemoval: RemovalPolicy.RETAIN,
    alarms: {
      api5xxPercent: 1,
      apiP99LatencyMs: 2000,
      functionErrors: 1,
      functionThrottles: 1,
      durationPercentOfTimeout: 80,
      iteratorAgeSeconds: 120,
      tableThrottledRequests: 1,
      messageFailures: 3,
      dltRefusals: 1,
      syncFailuresInARow: 3,
    },
  },
};

export interface StageConfig extends StageSettings {
  stage: Stage;
  /** The stacks' prefix: prod keeps the app's first name, so an existing deployment is updated in place. */
  appName: string;
  /** Where alarms and the budget alert are e-mailed (`-c alarmEmail=`). */
  alarmEmail?: string;
  /** The site's own host name (`-c domain=`) and its ACM certificate in us-east-1 (`-c certificateArn=`);
   * without a certificate one is made, validated by DNS. */
  domain?: { name: string; certificateArn?: string };
  /** A monthly AWS Budget for the stage, in US dollars (`-c monthlyBudgetUsd=`). */
  monthlyBudgetUsd?: number;
}

export const BUDGET_RANGE_USD = { min: 1, max: 100_000 };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
// CloudFront takes certificates of us-east-1 only.
const CLOUDFRONT_CERTIFICATE = /^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;

export class StageConfigError extends Error {}

/** The stacks' name prefix of a stage: DockSaathi for prod, DockSaathi-Dev / DockSaathi-Staging otherwise. */
export const stageAppName = (stage: Stage) =>
  stage === 'prod' ? PROJECT : `${PROJECT}-${stage.charAt(0).toUpperCase()}${stage.slice(1)}`;

function context(scope: IConstruct, key: string): string | undefined {
  // -c values arrive as strings; cdk.json or a test may give numbers or booleans.
  const value: unknown = scope.node.tryGetContext(key);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return value.trim();
}

/** Reads and checks the stage and the deploy's context values; throws StageConfigError naming the first bad one. */
export function readStageConfig(scope: IConstruct): StageConfig {
  const stage = context(scope, 'stage') ?? 'dev';
  if (!(STAGES as readonly string[]).includes(stage))
    throw new StageConfigError(`Unknown stage '${stage}' (-c stage=): use one of ${STAGES.join(', ')}`);
  const alarmEmail = context(scope, 'alarmEmail');
  if (alarmEmail !== undefined && !EMAIL.test(alarmEmail))
    throw new StageConfigError(`alarmEmail '${alarmEmail}' is not an e-mail address (e.g. ops@example.in)`);
  const domainName = context(scope, 'domain')?.toLowerCase();
  if (domainName !== undefined && !HOST_NAME.test(domainName))
    throw new StageConfigError(`domain '${domainName}' is not a host name (e.g. hub.example.in)`);
  const certificateArn = context(scope, 'certificateArn');
  if (certificateArn !== undefined && domainName === undefined)
    throw new StageConfigError(`certificateArn '${certificateArn}' is given without a domain: add -c domain=<host>`);
  if (certificateArn !== undefined && !CLOUDFRONT_CERTIFICATE.test(certificateArn))
    throw new StageConfigError(
      `certificateArn '${certificateArn}' is not an ACM certificate in us-east-1 (arn:aws:acm:us-east-1:<account>:certificate/<id>), the only region CloudFront takes`,
    );
  const budget = context(scope, 'monthlyBudgetUsd');
  const monthlyBudgetUsd = budget === undefined ? undefined : Number(budget);
  if (
    monthlyBudgetUsd !== undefined &&
    !(
      Number.isFinite(monthlyBudgetUsd) &&
      monthlyBudgetUsd >= BUDGET_RANGE_USD.min &&
      monthlyBudgetUsd <= BUDGET_RANGE_USD.max
    )
  )
    throw new StageConfigError(
      `monthlyBudgetUsd '${budget}' is out of range: use a number of US dollars from ${BUDGET_RANGE_USD.min} to ${BUDGET_RANGE_USD.max}`,
    );
  const known = stage as Stage;
  return {
    stage: known,
    appName: stageAppName(known),
    ...STAGE_SETTINGS[known],
    alarmEmail,
    domain: domainName ? { name: domainName, certificateArn } : undefined,
    monthlyBudgetUsd,
  };
}

const read = new WeakMap<IConstruct, StageConfig>();

/** The app's stage config, read once per app (every construct of the app sees the same). */
export function stageConfig(scope: IConstruct): StageConfig {
  const root = scope.node.root;
  let config = read.get(root);
  if (!config) read.set(root, (config = readStageConfig(root)));
  return config;
}
