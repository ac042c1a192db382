// Registration: each document goes straight to S3 through a presigned POST (with progress), then
// the registration names the uploads.
import { api } from '../../../lib/api-client';

export interface PresignedUpload {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
}

export function uploadDocument(
  documentType: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<string> {
  return api
    .post<PresignedUpload>('/api/auth/register/uploads', {
      documentType,
      fileName: file.name,
      contentType: file.type,
      size: file.size,
    })
    .then(
      (presigned) =>
        new Promise<string>((resolve, reject) => {
          const form = new FormData();
          for (const [k, v] of Object.entries(presigned.fields)) form.append(k, v);
          form.append('file', file);
          const xhr = new XMLHttpRequest();
          xhr.open('POST', presigned.url);
          xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
          xhr.onload = () =>
            xhr.status >= 200 && xhr.status < 300
              ? (onProgress(100), resolve(presigned.uploadId))
              : reject(new Error(`Upload failed (${xhr.status})`));
          xhr.onerror = () => reject(new Error('Upload failed'));
          xhr.send(form);
        }),
    );
}

export interface RegistrationResult {
  message: string;
  requiresEmailVerification?: boolean;
  requiresSMSVerification?: boolean;
}

export const submitRegistration = (body: unknown) => api.post<RegistrationResult>('/api/auth/register', body);
export const verifyEmail = (email: string, code: string) =>
  api.post<{ message: string }>('/api/auth/verify-email', { email, code });
