// The demo tenant's gate compliance settings, pointing at the local fake ULIP (functions/local/fake-ulip.ts).
// Written on every start (the fake's port changes); the password is sealed like any tenant's.
import { DEFAULT_RULE_OUTCOMES } from '../../shared/contracts/gate';
import { putGateSettings, sealPassword } from '../gate';
import { DEMO_TENANT_ID } from './demo-ids';
import { FAKE_ULIP_ACCOUNT } from './fake-ulip';

export async function seedDemoGateSettings(baseUrl: string, enabled: boolean): Promise<void> {
  await putGateSettings({
    tenantId: DEMO_TENANT_ID,
    enabled,
    baseUrl,
    username: FAKE_ULIP_ACCOUNT.username,
    passwordSealed: await sealPassword(DEMO_TENANT_ID, FAKE_ULIP_ACCOUNT.password),
    checks: { VAHAN: true, SARATHI: true, FASTAG: true, EWAYBILL: true },
    outcomes: DEFAULT_RULE_OUTCOMES,
    cacheHours: 12,
    updatedAt: new Date().toISOString(),
    updatedBy: null,
  });
}
