// One way to make a Lambda of this product, for the HTTP functions and the workers alike: Node 22 on
// ARM, bundled from its TypeScript entry, the Powertools layer, its own log group, X-Ray tracing, and the environment
// the kernel reads (functions/lib/config.ts, and Powertools' service name and metrics namespace).
import { Duration, Stack, Tags } from 'aws-cdk-lib';
import { Architecture, LayerVersion, Runtime, Tracing, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Charset, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { afterBundlingCommands, LAMBDA_BUNDLING, POWERTOOLS_LAYER_PARAMETER } from './bundling';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct, IConstruct } from 'constructs';
import { join } from 'node:path';
import { stageConfig } from './stage';

const ROOT = join(import.meta.dirname, '..');
/** The CloudWatch namespace of the metrics every function publishes (functions/lib/telemetry.ts). */
export const METRICS_NAMESPACE = 'DockSaathi';

export interface ProductFunctionProps {
  /** The function's name in the route table or the worker registry; also its Powertools service name. */
  name: string;
  /** TypeScript entry, from the repo's root. */
  entry: string;
  memorySize?: number;
  timeout: Duration;
  /** The shared runtime configuration (table, bucket, bus, stage, origins). */
  environment: Record<string, string>;
  /** Packages installed beside the bundle instead of bundled (functions/workers.ts `nodeModules`). */
  nodeModules?: readonly string[];
}

/** AWS's Powertools layer (lib/bundling.ts), one reference per stack, its ARN read from SSM at deploy. */
function powertoolsLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild('PowertoolsLayer') as ILayerVersion | undefined;
  return (
    existing ??
    LayerVersion.fromLayerVersionArn(
      stack,
      'PowertoolsLayer',
      StringParameter.valueForStringParameter(stack, POWERTOOLS_LAYER_PARAMETER),
    )
  );
}

const made = new WeakMap<IConstruct, Map<string, NodejsFunction>>();

/** Every function productFunction made in the app, by name (the operations alarms watch each, lib/monitoring.ts). */
export function productFunctions(scope: IConstruct): ReadonlyMap<string, NodejsFunction> {
  return made.get(scope.node.root) ?? new Map();
}

/** The domain a function belongs to: the folder of its entry, functions/<domain>/... */
export const domainOf = (entry: string) => entry.split('/')[1]!;

export function productFunction(scope: Construct, props: ProductFunctionProps): NodejsFunction {
  const stage = stageConfig(scope);
  const logGroup = new LogGroup(scope, `${props.name}-logs`, {
    retention: stage.logRetention,
    removalPolicy: stage.dataRemoval,
  });
  // Its own role, allowed to write to its own log group only (not AWS's managed basic execution
  // policy, which may write to every log group of the account).
  const role = new Role(scope, `${props.name}-function-role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
  });
  logGroup.grantWrite(role);
  const fn = new NodejsFunction(scope, `${props.name}-function`, {
    entry: join(ROOT, props.entry),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    role,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize ?? 512,
    timeout: props.timeout,
    tracing: Tracing.ACTIVE,
    layers: [powertoolsLayer(scope)],
    logGroup,
    environment: {
      ...props.environment,
      POWERTOOLS_SERVICE_NAME: props.name,
      POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      NODE_OPTIONS: '--enable-source-maps',
    },
    bundling: {
      format: OutputFormat.CJS,
      target: LAMBDA_BUNDLING.target,
      minify: true,
      sourceMap: true,
      charset: Charset.UTF8,
      externalModules: [...LAMBDA_BUNDLING.externalModules],
      ...(props.nodeModules?.length && { nodeModules: [...props.nodeModules] }),
      define: { ...LAMBDA_BUNDLING.define },
      forceDockerBundling: false,
      commandHooks: {
        beforeBundling: () => [],
        beforeInstall: () => [],
        afterBundling: (inputDir, outputDir) => afterBundlingCommands(inputDir, outputDir),
      },
    },
  });
  // Cost by domain (the stacks tag everything with their layer; a function and its logs with its domain).
  for (const resource of [fn, logGroup, role]) Tags.of(resource).add('domain', domainOf(props.entry));
  const root = scope.node.root;
  if (!made.has(root)) made.set(root, new Map());
  made.get(root)!.set(props.name, fn);
  return fn;
}
