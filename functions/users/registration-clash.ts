// A registration whose e-mail or mobile number already belongs to an account. Answering "already
// exists" would tell anyone which addresses and numbers hold accounts, so the applicant gets the same
// answer as a fresh registration, nothing is created, and the people concerned hear of it by message:
// the account's holder, and the applicant's own mailbox when it is not the holder's.
import { randomUUID } from 'node:crypto';
import { sendMessage } from '../messaging';
import { hashPassword } from '../lib/passwords';
import type { takenAlias } from './user.store';
import { PRODUCT_NAME } from '../../shared/product';

type Clash = NonNullable<Awaited<ReturnType<typeof takenAlias>>>;

export const REGISTRATION_ACCEPTED = 'Your account has been created and is pending verification.';

/** The body of a successful registration (the same whether or not an account was created). */
export function registrationAnswer(user: { id: string; username: string; status: string }) {
  return {
    message: REGISTRATION_ACCEPTED,
    requiresEmailVerification: true,
    requiresSMSVerification: false,
    user: { id: user.id, username: user.username, status: user.status },
  };
}

const WHAT = { username: 'email address', email: 'email address', phone: 'mobile number' } as const;

export async function answerClash(clash: Clash, applicant: { email: string; password: string }, now: Date) {
  // A fresh registration hashes the password; so does this answer, so both take the same time.
  await hashPassword(applicant.password);
  const what = WHAT[clash.kind];
  const notice = `Someone tried to create a new ${PRODUCT_NAME} account with your ${what}. No account was created and nothing about your account changed. If it was you, sign in with your existing account. If it was not you, you can ignore this message.`;
  const messages = [];
  const { holder } = clash;
  if (holder.email)
    messages.push(
      sendMessage(
        {
          channel: 'email',
          to: holder.email,
          subject: `${PRODUCT_NAME}: a registration with your ${what}`,
          text: notice,
        },
        now,
      ),
    );
  else if (holder.phoneNumber)
    messages.push(
      sendMessage(
        { channel: 'sms', tenantId: holder.tenantId, to: holder.phoneNumber, template: 'registration_clash' },
        now,
      ),
    );
  if (holder.email?.toLowerCase() !== applicant.email.toLowerCase()) {
    const body = `Your ${PRODUCT_NAME} registration could not be completed: the ${what} you entered belongs to another account. Register again with your own ${what}, or sign in to your existing account.`;
    messages.push(
      sendMessage(
        { channel: 'email', to: applicant.email, subject: `${PRODUCT_NAME}: your registration`, text: body },
        now,
      ),
    );
  }
  await Promise.all(messages);
  return registrationAnswer({ id: randomUUID(), username: applicant.email, status: 'pending' });
}
