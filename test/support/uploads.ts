// A registration document as the browser sends it: asked for a presigned POST, then uploaded straight
// to the bucket (s3rver in the tests). Shared by the registration tests and the S3 fault tests.
import { expect } from 'vitest';
import type { Client } from './api';

/** A PDF as writers produce it: header, body, cross-reference table, trailer, startxref, %%EOF. */
export const pdfWith = (body: Buffer | string) =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
    Buffer.from(body),
    Buffer.from(
      '\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n2040\n%%EOF\n',
    ),
  ]);
export const PDF = pdfWith(Buffer.alloc(2000, 0x20));

/** Asks for a presigned POST and uploads the bytes to it as the browser would; the upload's id. */
export async function uploadDocument(
  client: Client,
  documentType: string,
  bytes: Buffer,
  contentType: string,
  localAddress: string,
) {
  // A client that lies about the size is caught by the server's own check after the upload.
  const declared = Math.min(bytes.length, 1024);
  const res = await client.post(
    '/api/auth/register/uploads',
    { documentType, fileName: `${documentType}.pdf`, contentType, size: declared },
    { localAddress },
  );
  expect(res.status).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(res.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  const put = await fetch(res.body.url, { method: 'POST', body: form });
  expect([200, 201, 204]).toContain(put.status);
  return res.body.uploadId as string;
}
