// A platform carrier's person (issue #59) signed in as on a phone: a code asked for their number from an
// address of its own, read from its stored item (the SMS's code, sealed), and verified.
import { expect } from 'vitest';
import { Client } from './api';
import { nextAddress } from './tenancy';
import { getPendingCode, openCode } from '../../functions/auth/sign-in-code.store';

/** A client signed in by mobile code as the carrier person holding `phone` (10 digits). */
export async function carrierSignedIn(baseUrl: string, phone: string): Promise<Client> {
  const client = new Client(baseUrl);
  const localAddress = nextAddress();
  const asked = await client.post('/api/carrier-identity/mobile-code', { phoneNumber: phone }, { localAddress });
  expect(asked.status, asked.text).toBe(200);
  const pending = await getPendingCode(`+91${phone}`);
  expect(pending?.sealedCode).toBeTruthy();
  const code = await openCode(pending!.sealedCode!);
  const verified = await client.post(
    '/api/carrier-identity/mobile-code/verify',
    { phoneNumber: phone, code },
    { localAddress },
  );
  expect(verified.status, verified.text).toBe(200);
  return client;
}
