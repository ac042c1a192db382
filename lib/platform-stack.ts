// The whole product in one stack: data, events, API and web.
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { Api } from './api';
import { Data } from './data';
import { Web } from './web';

export interface PlatformStackProps extends StackProps {
  /** Origins allowed to call the API and upload to the bucket besides the CloudFront domain (e.g. a custom domain). */
  allowedOrigins?: string[];
  stage?: string;
  /** Where the built SPA is; defaults to web/dist. */
  distDir?: string;
}

export class PlatformStack extends Stack {
  constructor(scope: Construct, id: string, props: PlatformStackProps = {}) {
    super(scope, id, props);
    const allowedOrigins = props.allowedOrigins ?? (this.node.tryGetContext('allowedOrigins') as string | undefined)?.split(',') ?? [];
    const data = new Data(this, 'data', { allowedOrigins: allowedOrigins.length ? allowedOrigins : ['*'] });
    const bus = new EventBus(this, 'events', { description: 'DockSaathi domain events' });
    const api = new Api(this, 'api', { table: data.table, uploads: data.uploads, bus, stage: props.stage ?? 'prod', allowedOrigins });
    const web = new Web(this, 'web', { httpApi: api.httpApi, uploads: data.uploads, distDir: props.distDir ?? join(import.meta.dirname, '..', 'web', 'dist') });

    new CfnOutput(this, 'url', { value: `https://${web.distribution.distributionDomainName}` });
    new CfnOutput(this, 'table-name', { value: data.table.tableName });
    new CfnOutput(this, 'uploads-bucket', { value: data.uploads.bucketName });
  }
}
