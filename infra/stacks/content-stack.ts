/**
 * Content hosting of the file manager: a private bucket of the accounts' hosted files, served to
 * anyone (browsers, mail clients) by its own CloudFront distribution on its own domain, so a hosted
 * file never runs in the web app's origin. Browsers PUT files with presigned URLs.
 */
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { HttpMethods } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { PENDING_CONTENT_PREFIX } from '../../functions/data/object-keys.js';
import { CONTENT_SECURITY_POLICY } from '../../shared/domain/file-manager.js';
import { acknowledgeWildcardResource } from '../constructs/nag.js';
import { AccessLogBucket, PrivateBucket } from '../constructs/private-bucket.js';


export type ContentStackProps = StackProps & {
  /** Production keeps hosted files when the stack is deleted. */
  isProduction: boolean;
};

export class ContentStack extends Stack {
  readonly bucket: PrivateBucket;
  readonly distribution: Distribution;
  /** Where hosted files are fetched: CONTENT_PUBLIC_URL of the functions. */
  readonly publicUrl: string;
  /** Sign uploads, read the head of and delete hosted files, for the file-manager API. */
  readonly policy: ManagedPolicy;
  /** Read hosted files, for End User Messaging to fetch MMS media as the sender (GetObject only). */
  readonly mediaReadPolicy: ManagedPolicy;

  constructor(scope: Construct, id: string, props: ContentStackProps) {
    super(scope, id, props);
    const logs = new AccessLogBucket(this, 'AccessLogs');

    this.bucket = new PrivateBucket(this, 'ContentBucket', {
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'content-bucket/',
      // Hosted files are customer content that sent emails link to: never deleted with the stack.
      removalPolicy: props.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.isProduction,
      // The browser PUTs a file with a presigned URL; the signature is the authorisation.
      cors: [{ allowedMethods: [HttpMethods.PUT], allowedOrigins: ['*'], allowedHeaders: ['content-type'], maxAge: 3600 }],
      // Uploads land under pending/ until confirmed (then copied to their lasting key): what is
      // never confirmed is counted nowhere, so it expires. Abandoned multipart uploads too.
      lifecycleRules: [{ prefix: PENDING_CONTENT_PREFIX, expiration: Duration.days(1) }, { abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    // Every hosted answer is inert (CONTENT_SECURITY_POLICY) and typed as stored (nosniff).
    const headers = new ResponseHeadersPolicy(this, 'ContentHeaders', {
      comment: 'Hosted files of the campaign platform: inert, typed as stored',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
      // Images are fetched by the editors' canvases and by mail clients from any origin.
      corsBehavior: { accessControlAllowOrigins: ['*'], accessControlAllowMethods: ['GET', 'HEAD'], accessControlAllowHeaders: ['*'], accessControlAllowCredentials: false, originOverride: true },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Campaign platform hosted content (file manager)',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
    });
    this.publicUrl = `https://${this.distribution.distributionDomainName}`;
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR4', reason: 'Served on the default *.cloudfront.net certificate until a content domain is configured.' },
      { id: 'AwsSolutions-CFR1', reason: 'Hosted images are fetched by mail recipients in any country.' },
      { id: 'AwsSolutions-CFR2', reason: 'Read-only public content through an OAC-restricted origin; no WAF until the custom domain (a CloudFront web ACL must live in us-east-1).' },
    );

    const objects = this.bucket.arnForObjects('*');
    // PutObject signs browser uploads; GetObject reads a file's first bytes; DeleteObject removes deleted files.
    this.policy = new ManagedPolicy(this, 'ContentFilesPolicy', {
      description: 'Sign uploads of, read and delete hosted files of the campaign platform file manager',
      statements: [new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], resources: [objects] })],
    });
    acknowledgeWildcardResource(this.policy, objects, 'Hosted files are keyed by account and file id; only s3:PutObject, s3:GetObject, s3:DeleteObject allowed.');
    this.mediaReadPolicy = new ManagedPolicy(this, 'MmsMediaReadPolicy', {
      description: 'Read hosted files of the campaign platform, which End User Messaging sends as MMS media',
      statements: [new PolicyStatement({ actions: ['s3:GetObject'], resources: [objects] })],
    });
    acknowledgeWildcardResource(this.mediaReadPolicy, objects, 'MMS media may be any hosted file of the sending account; only s3:GetObject allowed.');
  }
}
