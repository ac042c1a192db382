// The demo hub's WhatsApp settings, pointing at the local fake Cloud API (functions/local/fake-whatsapp.ts,
// issue #56). Written on every start (the fake's port changes); secrets sealed like any hub's, and the
// webhook's lookups (phone number id, verify token) kept by the same save.
import { seedDemoWhatsapp } from '../messaging';
import { DEMO_TENANT_ID } from './demo-ids';
import type { FakeWhatsapp } from './fake-whatsapp';

export async function seedDemoWhatsappSettings(fake: FakeWhatsapp): Promise<void> {
  const { phoneNumberId, accessToken, appSecret, verifyToken } = fake.account;
  await seedDemoWhatsapp(DEMO_TENANT_ID, { baseUrl: fake.url, phoneNumberId, accessToken, appSecret, verifyToken });
}
