/**
 * Buckets nobody reaches anonymously: public access blocked, TLS only, encrypted at rest.
 * Every bucket of the platform is one of these.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/** Everything but the settings that make a bucket private. */
export type PrivateBucketProps = Omit<BucketProps, 'blockPublicAccess' | 'enforceSSL' | 'encryption' | 'publicReadAccess' | 'websiteIndexDocument'>;

export class PrivateBucket extends Bucket {
  constructor(scope: Construct, id: string, props: PrivateBucketProps = {}) {
    super(scope, id, {
      ...props,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
    });
  }
}

/** Server access logs of a stack's buckets and CloudFront standard logs; kept 90 days. */
export class AccessLogBucket extends PrivateBucket {
  constructor(scope: Construct, id: string) {
    super(scope, id, {
      // CloudFront standard logging writes with ACLs, so this bucket keeps them enabled.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination; logging its own access would log the log writes.',
    });
  }
}
