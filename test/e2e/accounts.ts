// Accounts of a run's own, made the way people get them: a registration with its documents, then
// the administrator's approval. Journeys that sign in as a new user use these rather than a sample
// account, whose appointments and settings every other journey of the server also changes.
import { expect, type APIRequestContext } from '@playwright/test';
import { apiAs } from './checkin-support';
import { whenNotBusy } from './support';

export { whenNotBusy };

const pdf = () => ({
  name: 'doc.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\nstartxref\n9\n%%EOF\n')]),
});

export interface Applicant {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The licence number the registration carries (unique per applicant). */
  driverLicense: string;
}

/** A truck owner's registration sent to the API with its two documents; it waits for approval. */
export async function register(request: APIRequestContext, applicant: Applicant): Promise<void> {
  const upload = async (documentType: string) => {
    const presigned = await (
      await whenNotBusy(() =>
        request.post('/api/auth/register/uploads', {
          data: { documentType, fileName: 'doc.pdf', contentType: 'application/pdf', size: 2100 },
        }),
      )
    ).json();
    await request.post(presigned.url, { multipart: { ...presigned.fields, file: pdf() } });
    return { documentType, uploadId: presigned.uploadId as string };
  };
  const documents = [await upload('driving_license'), await upload('aadhar_card')];
  const res = await whenNotBusy(() =>
    request.post('/api/auth/register', {
      data: {
        userData: {
          email: applicant.email,
          firstName: applicant.firstName,
          lastName: applicant.lastName,
          password: applicant.password,
          userType: 'external_user',
          role: 'truck_owner',
          userCategory: 'external_user',
        },
        variant: { driverLicense: applicant.driverLicense, aadharCard: '123456789012' },
        documents,
      },
    }),
  );
  expect(res.status(), await res.text()).toBe(201);
}

/** The pending registration of `email`, as the administrator's list shows it. */
export async function pendingRegistration(admin: APIRequestContext, email: string) {
  const pending = (await (await whenNotBusy(() => admin.get('/api/admin/pending-registrations'))).json()) as {
    id: string;
    email: string;
    revision: number;
  }[];
  const found = pending.find((u) => u.email === email);
  expect(found, `${email} is pending`).toBeTruthy();
  return found!;
}

/** The administrator approves `email` with `role`, linked to a carrier (and a driver record) when given. */
export async function approve(
  baseURL: string,
  email: string,
  grant: { role: string; carrierId?: string | null; driverId?: string | null },
): Promise<void> {
  const admin = await apiAs(baseURL, 'admin');
  const { id } = await pendingRegistration(admin, email);
  const res = await whenNotBusy(() =>
    admin.post(`/api/admin/approve-user/${id}`, {
      data: { role: grant.role, carrierId: grant.carrierId ?? null, driverId: grant.driverId ?? null },
    }),
  );
  expect(res.status(), await res.text()).toBe(200);
  await admin.dispose();
}
