// The SPA: a private bucket behind CloudFront (origin access control), /api/* routed to the HTTP API
// on the same origin, and the security headers of shared/security-headers.ts on every response (the
// SPA's and the API's each keep their own Content-Security-Policy).
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import {
  apiSecurityHeaders,
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
} from '../shared/security-headers';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../functions/lib/client-address';
import type { IBucket } from 'aws-cdk-lib/aws-s3';

export class Web extends Construct {
  readonly distribution: Distribution;

  /** `originSecret`: sent to the API with each request, so it believes the forwarded viewer address. */
  /** `webAclArn`: the AWS WAF web ACL in front of the distribution, when WAF is on (lib/waf.ts). */
  constructor(
    scope: Construct,
    id: string,
    props: { httpApi: HttpApi; distDir: string; uploads: IBucket; originSecret: string; webAclArn?: string },
  ) {
    super(scope, id);
    const bucket = new Bucket(this, 'spa', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY, // rebuilt from the repo on every deploy
      autoDeleteObjects: false,
    });

    // The headers both kinds of answer share; each kind has its own Content-Security-Policy.
    const sharedHeaders = {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        preload: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    };
    const customHeadersBehavior = {
      customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
    };
    const spaHeaders = new ResponseHeadersPolicy(this, 'security-headers', {
      securityHeadersBehavior: {
        ...sharedHeaders,
        // The browser posts registration documents straight to the uploads bucket.
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy([`https://${props.uploads.bucketRegionalDomainName}`]),
          override: true,
        },
      },
      customHeadersBehavior,
    });
    // The API sends its own, stricter policy (functions/lib/http.ts); an override would replace it with
    // the SPA's. Not overriding, this one only fills in where API Gateway answers by itself (throttling).
    const apiHeaders = new ResponseHeadersPolicy(this, 'api-security-headers', {
      securityHeadersBehavior: {
        ...sharedHeaders,
        contentSecurityPolicy: {
          contentSecurityPolicy: apiSecurityHeaders()['content-security-policy']!,
          override: false,
        },
      },
      customHeadersBehavior,
    });

    // Client-side routes (/scheduling, /wms...) are served index.html; files and /api are not touched.
    const spaRouting = new CloudFrontFunction(this, 'spa-routing', {
      code: FunctionCode.fromInline(
        "function handler(event){var r=event.request;if(r.uri.indexOf('.')===-1){r.uri='/index.html';}return r;}",
      ),
    });
    // The API checks Origin against the viewer's host, and keys its rate limits on the viewer's
    // address, neither of which API Gateway would otherwise see (a viewer's own header is overwritten).
    const forwardHost = new CloudFrontFunction(this, 'forward-host', {
      code: FunctionCode.fromInline(
        `function handler(event){var r=event.request;if(r.headers.host){r.headers['x-forwarded-host']={value:r.headers.host.value};}r.headers['${VIEWER_ADDRESS_HEADER}']={value:event.viewer.ip};return r;}`,
      ),
    });

    const apiDomain = `${props.httpApi.apiId}.execute-api.${Stack.of(this).region}.amazonaws.com`;
    this.distribution = new Distribution(this, 'cdn', {
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: spaHeaders,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, { customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret } }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
          functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    // The SPA is deployed when it has been built (npm run deploy builds it first).
    if (existsSync(props.distDir)) {
      new BucketDeployment(this, 'spa-deployment', {
        sources: [Source.asset(props.distDir)],
        destinationBucket: bucket,
        distribution: this.distribution,
        distributionPaths: ['/index.html'],
      });
    }
  }
}
