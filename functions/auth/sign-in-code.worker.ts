// The sign-in code's sender (issue #52; functions/workers.ts 'auth-sign-in-codes'): asking for a code
// only writes the number's code item (sign-in-code.ts), the same for a number we hold and one we do
// not; this worker, on the table's stream, sends the SMS of an account's item and then forgets the
// sealed code. The item is read again first, so a code replaced or used meanwhile is not sent.
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { defineWorker } from '../lib/worker';
import { sendMessage } from '../messaging';
import { forgetSealedCode, getPendingCode, openCode, type PendingSignInCode } from './sign-in-code.store';

export async function sendSignInCode(changed: PendingSignInCode, now = new Date()): Promise<void> {
  if (!changed.sealedCode) return;
  const pending = await getPendingCode(changed.phone);
  if (!pending?.sealedCode || pending.codeHash !== changed.codeHash) return;
  if (pending.tenantId && pending.userId) {
    await sendMessage(
      {
        channel: 'sms',
        tenantId: pending.tenantId,
        to: pending.phone,
        template: 'sign_in_code',
        values: { code: await openCode(pending.sealedCode) },
        language: pending.language === 'hi' ? 'hi' : 'en',
      },
      now,
    );
  }
  // A number no account signs in with gets no SMS; its code is forgotten the same way.
  await forgetSealedCode(pending.phone, pending.codeHash);
}

export const { handler, worker } = defineWorker('auth-sign-in-codes', 'stream', async (record) => {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  if (!image) return;
  await sendSignInCode(unmarshall(image) as PendingSignInCode);
});
