// The single DynamoDB table and the private uploads bucket. Whether they outlive their stack is the
// stage's (lib/stage.ts): customer data is kept in staging and prod; a dev stack takes its data with it.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { GSIS, TABLE_KEYS, TTL_ATTRIBUTE } from '../functions/lib/table';
import { UPLOAD_PREFIXES } from '../functions/lib/uploads';
import { RETENTION_MAX_DAYS } from '../shared/contracts/privacy-retention';
import { EXPORT_DOWNLOAD_HOURS } from '../shared/contracts/privacy-export';

/** Whole days an export's archive is kept: its download's 24 hours, rounded up to S3's days. */
const EXPORT_KEPT_DAYS = Math.ceil(EXPORT_DOWNLOAD_HOURS / 24);

export class Data extends Construct {
  readonly table: Table;
  readonly uploads: Bucket;
  /** Where the buckets' and CloudFront's access logs go (CloudFront's standard logs need ACLs). */
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string, props: { allowedOrigins: string[]; removalPolicy: RemovalPolicy }) {
    super(scope, id);
    const kept = props.removalPolicy === RemovalPolicy.RETAIN;
    this.accessLogs = new Bucket(this, 'access-logs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      enforceSSL: true,
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: !kept,
      lifecycleRules: [{ id: 'old-logs', expiration: Duration.days(90) }],
    });
    this.table = new Table(this, 'table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // The stream workers of functions/workers.ts read the table's changes with both images.
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: kept,
      removalPolicy: props.removalPolicy,
    });
    for (const gsi of GSIS) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
      });
    }

    this.uploads = new Bucket(this, 'uploads', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: true,
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: !kept,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'uploads/',
      // Browsers upload registration documents straight to the bucket with presigned POSTs.
      cors: [
        {
          allowedMethods: [HttpMethods.POST, HttpMethods.PUT, HttpMethods.GET],
          allowedOrigins: props.allowedOrigins,
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        // Uploads that never became part of a registration.
        { id: 'abandoned-uploads', prefix: 'pending/', expiration: Duration.days(1) },
        // Retention (issue #36): the daily worker deletes each tenant's files by its policy; these rules are the
        // backstop no tenant can exceed. Registration documents (users/) are not all personal data with a limit,
        // so only the worker deletes licence images there. A finished export is offered for 24 hours.
        {
          id: 'checkin-photos-retention',
          prefix: UPLOAD_PREFIXES.checkinPhotos,
          expiration: Duration.days(RETENTION_MAX_DAYS),
        },
        { id: 'tenant-exports', prefix: UPLOAD_PREFIXES.exports, expiration: Duration.days(EXPORT_KEPT_DAYS) },
        { id: 'old-versions', noncurrentVersionExpiration: Duration.days(30) },
        { id: 'incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
  }
}
