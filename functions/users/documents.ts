// Registration documents on S3: presigned POST policies for the browser's upload (short expiry,
// size and type bound in the policy), then the server's own check of each object (size, and the
// real file type by its first bytes, not its name; for a PDF also its structure) before it is kept.
import { randomUUID } from 'node:crypto';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from '../lib/aws';
import { config } from '../lib/config';
import { tenantPrefix } from '../lib/uploads';
import { UPLOAD_MAX_BYTES } from '../../shared/product';

export const UPLOAD_EXPIRY_SECONDS = 600;
export const DOWNLOAD_EXPIRY_SECONDS = 300;
export const pendingKey = (uploadId: string) => `pending/${uploadId}`;
/** The folder of an account's kept documents: users/<tenant>/<user>/ (lib/uploads.ts). */
export const documentFolder = (tenantId: string, userId: string) =>
  `${tenantPrefix('userDocuments', tenantId)}${userId}/`;

export async function presignUpload(contentType: string) {
  const uploadId = randomUUID();
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: config.uploadsBucket,
    Key: pendingKey(uploadId),
    Conditions: [
      ['content-length-range', 1, UPLOAD_MAX_BYTES - 1],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType, success_action_status: '201' },
    Expires: UPLOAD_EXPIRY_SECONDS,
  });
  return { uploadId, url, fields, expiresInSeconds: UPLOAD_EXPIRY_SECONDS };
}

const MAGIC: { type: string; ext: string; bytes: number[] }[] = [
  { type: 'application/pdf', ext: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
];

/** The file type its first bytes prove, or null. */
export function sniffType(head: Uint8Array): { type: string; ext: string } | null {
  const hit = MAGIC.find((m) => m.bytes.every((b, i) => head[i] === b));
  return hit ? { type: hit.type, ext: hit.ext } : null;
}

/** Content a PDF has no business carrying: HTML that a browser could render, a ZIP archive. */
// A ZIP archive starts with the bytes P K 03 04: control characters are what this pattern looks for.
// eslint-disable-next-line no-control-regex
const FOREIGN_SIGNATURES = [/<html/i, /<script/i, /PK\x03\x04/];
const PDF_TAIL_BYTES = 1024;

/**
 * A light structural check of a PDF (no parser): it ends with its cross-reference pointer and the
 * end-of-file marker, as every PDF writer produces, and carries no HTML or ZIP after its header
 * (a polyglot that another program would open as a web page or an archive).
 */
export function isPlainPdf(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const tail = text.slice(-PDF_TAIL_BYTES);
  const eof = tail.lastIndexOf('%%EOF');
  if (eof < 0 || tail.lastIndexOf('startxref') < 0 || tail.lastIndexOf('startxref') > eof) return false;
  return !FOREIGN_SIGNATURES.some((signature) => signature.test(text));
}

export type UploadCheck =
  | { ok: true; size: number; type: string; ext: string }
  | { ok: false; problem: 'missing' | 'too-large' | 'bad-type' | 'bad-pdf' };

export async function inspectUpload(uploadId: string): Promise<UploadCheck> {
  const Key = pendingKey(uploadId);
  // Only an object that is not there is a missing upload: S3 throttling or failing is the service's
  // fault (a 503, the upload kept for the retry), never "upload it again" (issue #55).
  const head = await s3()
    .send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key }))
    .catch((err: unknown) => {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw err;
    });
  if (!head) return { ok: false, problem: 'missing' };
  const size = Number(head.ContentLength ?? 0);
  if (size >= UPLOAD_MAX_BYTES || size === 0) return { ok: false, problem: 'too-large' };
  const first = await s3().send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key, Range: 'bytes=0-15' }));
  const bytes = await first.Body!.transformToByteArray();
  const sniffed = sniffType(bytes.slice(0, 16));
  if (!sniffed) return { ok: false, problem: 'bad-type' };
  if (sniffed.type === 'application/pdf') {
    // At most 5 MB, read once by the server; the browser's bytes never pass through the API.
    const whole = await s3().send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key }));
    if (!isPlainPdf(await whole.Body!.transformToByteArray())) return { ok: false, problem: 'bad-pdf' };
  }
  return { ok: true, size, ...sniffed };
}

export async function keepUpload(uploadId: string, finalKey: string, contentType: string) {
  await s3().send(
    new CopyObjectCommand({
      Bucket: config.uploadsBucket,
      CopySource: `${config.uploadsBucket}/${pendingKey(uploadId)}`,
      Key: finalKey,
      ContentType: contentType,
      MetadataDirective: 'REPLACE',
    }),
  );
  await deleteUpload(uploadId);
}

export async function deleteUpload(uploadId: string) {
  await s3()
    .send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: pendingKey(uploadId) }))
    .catch(() => undefined);
}

export async function deleteObject(key: string) {
  await s3()
    .send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: key }))
    .catch(() => undefined);
}

export function presignDownload(key: string, fileName: string) {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config.uploadsBucket,
      Key: key,
      ResponseContentDisposition: `inline; filename="${fileName}"`,
    }),
    { expiresIn: DOWNLOAD_EXPIRY_SECONDS },
  );
}
