// What a Lambda may touch, declared per HTTP function (FUNCTION_ACCESS in api.ts) and per worker
// (functions/workers.ts), and granted the same way for both.
import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { EventBus } from 'aws-cdk-lib/aws-events';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Bucket } from 'aws-cdk-lib/aws-s3';

export interface FunctionAccess {
  table: 'read' | 'readWrite';
  uploads?: 'read' | 'readWrite';
  events?: boolean;
  /** Sends e-mail (SES) and SMS (SNS). */
  messaging?: boolean;
  /** May Scan the table: only the workers that read a whole tenant (functions/lib/tenant-items.ts). */
  scan?: boolean;
}

export interface SharedResources {
  table: Table;
  uploads: Bucket;
  bus: EventBus;
}

const TABLE_READ = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

export function grantAccess(fn: IFunction, access: FunctionAccess | null, resources: SharedResources): void {
  if (!access) return;
  // Named actions rather than grantReadData/grantReadWriteData: no function may Scan the table
  // (every request path reads by key, docs/performance.md), and none may change its settings.
  if (access.table)
    resources.table.grant(fn, ...(access.table === 'read' ? TABLE_READ : [...TABLE_READ, ...TABLE_WRITE]));
  if (access.scan) resources.table.grant(fn, 'dynamodb:Scan');
  if (access.uploads === 'read') resources.uploads.grantRead(fn);
  if (access.uploads === 'readWrite') resources.uploads.grantReadWrite(fn);
  if (access.events) resources.bus.grantPutEventsTo(fn);
  if (access.messaging) {
    const stack = Stack.of(fn);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [`arn:aws:ses:${stack.region}:${stack.account}:identity/*`],
      }),
    );
    // An SMS published straight to a phone number has no resource ARN to scope to.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
  }
}
