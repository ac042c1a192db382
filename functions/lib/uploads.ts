// Where a tenant's files lie in the uploads bucket, and the listing and deleting that retention, the
// tenant's export and its erasure need (issue #36). The bucket's lifecycle rules (lib/data.ts) use
// the same prefixes.
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from './aws';
import { config } from './config';

export const UPLOAD_PREFIXES = {
  /** Gate and check-in photos: checkin-photos/<tenant>/<check-in>/<photo>. */
  checkinPhotos: 'checkin-photos/',
  /** Registration documents: users/<tenant>/<user>/<document type>.<ext> (functions/users/service.ts). */
  userDocuments: 'users/',
  /** The tenant's whole-data exports: exports/<tenant>/<export>.tar.gz. */
  exports: 'exports/',
} as const;

/** A tenant's part of a prefix. */
export const tenantPrefix = (prefix: keyof typeof UPLOAD_PREFIXES, tenantId: string) =>
  `${UPLOAD_PREFIXES[prefix]}${tenantId}/`;

/** A driving licence among the registration documents (the document type is the file's name). */
export const isLicenceImage = (key: string) => /\/driving_license\.[a-z]+$/.test(key);

export interface StoredObject {
  key: string;
  lastModified: Date;
  size: number;
}

/** Every object under the prefix (follows pagination). */
export async function listObjects(prefix: string): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  let token: string | undefined;
  do {
    const res = await s3().send(
      new ListObjectsV2Command({ Bucket: config.uploadsBucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of res.Contents ?? [])
      if (o.Key) objects.push({ key: o.Key, lastModified: o.LastModified ?? new Date(0), size: o.Size ?? 0 });
    token = res.IsTruncated ? res.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

/** Deletes the objects (in batches of S3's 1,000); answers how many were deleted. */
export async function deleteObjects(keys: readonly string[]): Promise<number> {
  for (let i = 0; i < keys.length; i += 1000) {
    await s3().send(
      new DeleteObjectsCommand({
        Bucket: config.uploadsBucket,
        Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
  return keys.length;
}

export async function readObject(key: string): Promise<Uint8Array> {
  const res = await s3().send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
  return res.Body!.transformToByteArray();
}

export async function writeObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, Body: body, ContentType: contentType }),
  );
}

/** A link that downloads the object as an attachment named `fileName`, valid `seconds`. */
export const presignAttachment = (key: string, fileName: string, seconds: number) =>
  getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config.uploadsBucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
    }),
    { expiresIn: seconds },
  );
