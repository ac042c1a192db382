// Registration: documents are checked on S3 by their bytes before an account is created; a new
// account is pending until an administrator decides (approval.ts); the applicant hears of each step
// by e-mail (and SMS when a mobile number was given).
import { randomUUID } from 'node:crypto';
import { checkEmailCode, newEmailCode, VERIFICATION_MINUTES } from './email-code';
import type * as z from 'zod/mini';
import {
  asServiceUnavailable,
  BadRequestError,
  ConflictError,
  HttpError,
  ServiceUnavailableError,
} from '../lib/errors';
import { revisionOf } from '../lib/revision';
import { deleteObject, deleteUpload, documentFolder, inspectUpload, keepUpload } from './documents';
import { sendMessage } from '../messaging';
import { hashPassword } from '../lib/passwords';
import { fieldErrors } from '../lib/http';
import { createUser, findUserByIdentifier, saveUser, takenAlias, type User, type UserDocument } from './user.store';
import { PRODUCT_NAME } from '../../shared/product';
import {
  missingDocumentsMessage,
  registerRequestSchema,
  REQUIRED_DOCUMENTS,
  UPLOAD_TEXTS,
  VARIANT_SCHEMAS,
} from '../../shared/contracts/users';
import { answerClash, registrationAnswer } from './registration-clash';

/**
 * Registers; a refused registration keeps none of its uploads (the form uploads again on retry). One
 * that met a busy service (503, "try again in a few seconds") or may have been saved keeps them: the
 * same application sent again needs them, and the bucket lets unclaimed uploads expire after a day.
 */
export async function register(tenantId: string, input: z.output<typeof registerRequestSchema>, now = new Date()) {
  try {
    return await createRegistration(tenantId, input, now);
  } catch (err) {
    const busy = err instanceof ServiceUnavailableError || asServiceUnavailable(err) !== null;
    if (!busy) await Promise.all(input.documents.map((d) => deleteUpload(d.uploadId)));
    throw err;
  }
}

async function createRegistration(tenantId: string, input: z.output<typeof registerRequestSchema>, now: Date) {
  const { userData } = input;
  const variant = VARIANT_SCHEMAS[userData.userType].safeParse(input.variant);
  if (!variant.success) {
    const errors = fieldErrors(variant.error);
    throw new BadRequestError(Object.values(errors)[0] ?? 'Registration failed', errors);
  }
  // A later upload of the same document type replaces the earlier one.
  const documents = new Map(input.documents.map((d) => [d.documentType, d.uploadId]));
  const missing = missingDocumentsMessage(userData.userType, [...documents.keys()]);
  if (missing) throw new BadRequestError(missing, { documents: UPLOAD_TEXTS.missingTitle });

  // Documents are checked before anything is looked up, so their errors say nothing about accounts.
  const checks = await Promise.all(
    [...documents].map(async ([type, uploadId]) => ({ type, uploadId, check: await inspectUpload(uploadId) })),
  );
  const failed = checks.find((c) => !c.check.ok);
  if (failed && !failed.check.ok) {
    if (failed.check.problem === 'too-large')
      throw new HttpError(413, UPLOAD_TEXTS.tooLarge, { [failed.type]: UPLOAD_TEXTS.tooLargeTitle });
    if (failed.check.problem === 'bad-type')
      throw new HttpError(415, UPLOAD_TEXTS.invalidType, { [failed.type]: UPLOAD_TEXTS.invalidTypeTitle });
    if (failed.check.problem === 'bad-pdf') {
      const label = REQUIRED_DOCUMENTS[userData.userType].find((d) => d.type === failed.type)?.label ?? failed.type;
      throw new HttpError(
        415,
        `The ${label} PDF is damaged or carries other content (a web page or an archive). Please upload the original PDF document.`,
        { [failed.type]: UPLOAD_TEXTS.invalidTypeTitle },
      );
    }
    throw new BadRequestError(`Please upload: the ${failed.type.replace(/_/g, ' ')} again (the upload was not found)`, {
      [failed.type]: 'Upload not found',
    });
  }

  const clash = await takenAlias({
    username: userData.email,
    email: userData.email,
    phoneNumber: userData.phoneNumber,
  });
  if (clash) {
    await Promise.all(input.documents.map((d) => deleteUpload(d.uploadId)));
    return answerClash(clash, userData, now);
  }

  const userId = randomUUID();
  const kept: UserDocument[] = [];
  for (const c of checks) {
    if (!c.check.ok) continue;
    const key = `${documentFolder(tenantId, userId)}${c.type}.${c.check.ext}`;
    await keepUpload(c.uploadId, key, c.check.type);
    kept.push({
      documentType: c.type,
      key,
      contentType: c.check.type,
      size: c.check.size,
      uploadedAt: now.toISOString(),
    });
  }

  const { code, pending: emailVerification } = newEmailCode(now);
  const v = variant.data as Record<string, unknown>;
  let user: User;
  try {
    user = await createUser(
      {
        id: userId,
        tenantId,
        username: userData.email,
        email: userData.email,
        phoneNumber: userData.phoneNumber,
        firstName: userData.firstName,
        lastName: userData.lastName,
        profileImageUrl: null,
        role: userData.role,
        extraRoles: [],
        userType: userData.userType,
        status: 'pending',
        isVerified: false,
        passwordHash: await hashPassword(userData.password),
        profile: v,
        documents: kept,
        emailVerified: false,
        emailVerification,
      },
      null,
      now,
    );
  } catch (err) {
    await Promise.all(kept.map((d) => deleteObject(d.key)));
    // Another registration took the e-mail or mobile number a moment ago: answered like the check above.
    const raced =
      err instanceof ConflictError
        ? await takenAlias({ username: userData.email, email: userData.email, phoneNumber: userData.phoneNumber })
        : null;
    if (raced) return answerClash(raced, userData, now);
    throw err;
  }
  await sendMessage(
    {
      channel: 'email',
      to: user.email!,
      subject: `${PRODUCT_NAME}: verify your email`,
      text: `Your ${PRODUCT_NAME} verification code is ${code}. It expires in ${VERIFICATION_MINUTES} minutes.`,
    },
    now,
  );
  return registrationAnswer(user);
}

export async function verifyEmail(email: string, code: string, now = new Date()) {
  const user = await findUserByIdentifier(email);
  const pending = user?.emailVerification;
  const wrong = new BadRequestError('The verification code is not valid or has expired', {
    code: 'The verification code is not valid or has expired',
  });
  if (!user || !pending || user.emailVerified) throw wrong;
  const check = checkEmailCode(pending, code, now);
  if (check === 'spent') throw wrong;
  if (check === 'wrong') {
    await saveUser(
      user,
      { ...user, emailVerification: { ...pending, attempts: pending.attempts + 1 } },
      null,
      'user.email-verification-failed',
      now,
    );
    throw wrong;
  }
  await saveUser(user, { ...user, emailVerified: true, emailVerification: null }, null, 'user.email-verified', now);
  return { message: 'Email verified' };
}

/** The admin's view of a user: never the password hash or verification secrets. */
export function adminView(u: User) {
  const profile = u.profile ?? {};
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phoneNumber: u.phoneNumber,
    role: u.role,
    userType: u.userType,
    status: u.status,
    isVerified: u.isVerified,
    emailVerified: u.emailVerified ?? null,
    vehicleNumber: (profile.vehicleNumber as string | undefined) ?? null,
    vehicleType: (profile.vehicleType as string | undefined) ?? null,
    driverName: u.userType === 'external_user' ? [u.firstName, u.lastName].filter(Boolean).join(' ') : null,
    companyName: (profile.companyName as string | undefined) ?? null,
    employeeId: (profile.employeeId as string | undefined) ?? null,
    documents: (u.documents ?? []).map((d) => ({
      documentType: d.documentType,
      contentType: d.contentType,
      size: d.size,
      uploadedAt: d.uploadedAt,
    })),
    rejectionReason: u.rejectionReason ?? null,
    revision: revisionOf(u),
    carrierId: u.carrierId ?? null,
    driverId: u.driverId ?? null,
    createdAt: u.createdAt,
  };
}
