// The SPA: a private bucket behind CloudFront (origin access control), /api/* routed to the HTTP API
// on the same origin, and the security headers of shared/security-headers.ts on every response (the
// SPA's and the API's each keep their own Content-Security-Policy).
import { App, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
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
  SecurityPolicyProtocol,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { FILE_PATH, LANDING_DOCUMENT, LANGUAGE_COOKIE, PATHS, SIGNED_IN_COOKIE } from '../shared/navigation';
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
    props: {
      httpApi: HttpApi;
      distDir: string;
      uploads: IBucket;
      originSecret: string;
      webAclArn?: string;
      /** Where the SPA bucket's and the distribution's access logs go (lib/data.ts). */
      accessLogs: IBucket;
      /** The site's own host name and its certificate (lib/stage.ts, siteCertificate below). */
      domain?: { name: string; certificate: ICertificate };
    },
  ) {
    super(scope, id);
    const bucket = new Bucket(this, 'spa', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY, // rebuilt from the repo on every deploy
      autoDeleteObjects: false,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'spa/',
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
    // The browser posts registration documents straight to the uploads bucket.
    const spaCsp = {
      contentSecurityPolicy: contentSecurityPolicy([`https://${props.uploads.bucketRegionalDomainName}`]),
      override: true,
    };
    const spaHeaders = new ResponseHeadersPolicy(this, 'security-headers', {
      securityHeadersBehavior: {
        ...sharedHeaders,
        contentSecurityPolicy: spaCsp,
      },
      customHeadersBehavior,
    });
    // The service worker and the web app manifests (issue #31) are fetched fresh on every visit, from
    // the bucket: a stale service worker would keep serving the previous app.
    const revalidatedHeaders = new ResponseHeadersPolicy(this, 'revalidated-headers', {
      securityHeadersBehavior: {
        ...sharedHeaders,
        contentSecurityPolicy: spaCsp,
      },
      customHeadersBehavior: {
        customHeaders: [
          ...customHeadersBehavior.customHeaders,
          { header: 'Cache-Control', value: 'no-cache', override: true },
        ],
      },
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

    // Client-side routes (/scheduling, /wms, /reslot/<token>...) are served index.html; files and /api are not touched.
    const spaRouting = new CloudFrontFunction(this, 'spa-routing', {
      code: FunctionCode.fromInline(spaRoutingCode()),
    });
    // The API checks Origin against the viewer's host, and keys its rate limits on the viewer's
    // address, neither of which API Gateway would otherwise see (a viewer's own header is overwritten).
    const forwardHost = new CloudFrontFunction(this, 'forward-host', {
      code: FunctionCode.fromInline(
        `function handler(event){var r=event.request;if(r.headers.host){r.headers['x-forwarded-host']={value:r.headers.host.value};}r.headers['${VIEWER_ADDRESS_HEADER}']={value:event.viewer.ip};return r;}`,
      ),
    });

    const spaOrigin = S3BucketOrigin.withOriginAccessControl(bucket);
    const apiDomain = `${props.httpApi.apiId}.execute-api.${Stack.of(this).region}.amazonaws.com`;
    this.distribution = new Distribution(this, 'cdn', {
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      // No CloudFront standard log (issue #52.10): it records each request's path and query, and signed
      // links carry their token there (/pass/<token>, /api/reslot/<token>, ?t=<token>); a log line would
      // be a working link. API requests are logged by API Gateway with their route, not their values
      // (lib/api.ts), and the SPA's files by the bucket's server access log (docs/decisions.md).
      enableLogging: false,
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: props.domain.certificate,
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: spaOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: spaHeaders,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        ...Object.fromEntries(
          ['/sw.js', '/*.webmanifest'].map((path) => [
            path,
            {
              origin: spaOrigin,
              viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              cachePolicy: CachePolicy.CACHING_DISABLED,
              responseHeadersPolicy: revalidatedHeaders,
            },
          ]),
        ),
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
        distributionPaths: ['/index.html', LANDING_DOCUMENT],
      });
    }
  }
}

/**
 * The certificate of the site's own host name: the one given (`-c certificateArn=`), else one made and
 * validated by DNS (the deploy waits until the record ACM asks for is in the domain's DNS). CloudFront
 * takes certificates of us-east-1 only, so outside it the certificate gets a small stack there, as the
 * web ACL does (lib/waf.ts).
 */
export function siteCertificate(
  stack: Stack,
  props: Pick<StackProps, 'env'> & { certificateStackId: string; domainName: string; certificateArn?: string },
): ICertificate {
  if (props.certificateArn) return Certificate.fromCertificateArn(stack, 'site-certificate', props.certificateArn);
  const make = (scope: Stack) =>
    new Certificate(scope, 'site-certificate', {
      domainName: props.domainName,
      validation: CertificateValidation.fromDns(),
    });
  if (stack.region === 'us-east-1') return make(stack);
  const app = stack.node.scope as App;
  return make(
    new Stack(app, props.certificateStackId, {
      env: { account: props.env?.account, region: 'us-east-1' },
      crossRegionReferences: true,
      description: "DockSaathi: the site's certificate (CloudFront takes certificates of us-east-1 only)",
    }),
  );
}

/**
 * CloudFront's viewer-request function: a path that is not a file (FILE_PATH) gets the app's index.html,
 * except where `servesLanding` (shared/navigation.ts) gives the static landing page (LANDING_DOCUMENT):
 * `/` with no signed-in hint, in English by the language cookie or, without one, by the browser's first
 * language. The cache keys on the rewritten path, so each document is cached once.
 */
export function spaRoutingCode(): string {
  const cookie = (name: string) => `(r.cookies&&r.cookies['${name}']?r.cookies['${name}'].value:'')`;
  const acceptLanguage = `(r.headers['accept-language']?r.headers['accept-language'].value:'')`;
  const signedIn = `/^(driver|staff)$/.test(${cookie(SIGNED_IN_COOKIE)})`;
  const english = `(${cookie(LANGUAGE_COOKIE)}?${cookie(LANGUAGE_COOKIE)}!=='hi':!/^\\s*hi(?![a-z])/i.test(${acceptLanguage}))`;
  return `function handler(event){var r=event.request;if(r.uri==='${PATHS.home}'&&!${signedIn}&&${english}){r.uri='${LANDING_DOCUMENT}';}else if(!/${FILE_PATH.source}/.test(r.uri)){r.uri='/index.html';}return r;}`;
}
