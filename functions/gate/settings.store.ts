// A tenant's gate settings: its ULIP account (the password sealed with functions/lib/secrets.ts, bound
// to the tenant) and its rules. One item per tenant; a GET never carries the password.
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, withoutKeys } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { openSecret, sealSecret } from '../lib/secrets';
import {
  CACHE_HOURS,
  DEFAULT_RULE_OUTCOMES,
  OFFLINE_WINDOW,
  GATE_SOURCES,
  type GateRule,
  type GateSettingsView,
  type GateSource,
  type RuleOutcome,
} from '../../shared/contracts/gate';

export interface GateSettings {
  tenantId: string;
  enabled: boolean;
  baseUrl: string;
  username: string;
  passwordSealed: string | null;
  checks: Record<GateSource, boolean>;
  outcomes: Record<GateRule, RuleOutcome>;
  cacheHours: number;
  /** Absent on settings saved before issue #52.4: the defaults of OFFLINE_WINDOW. */
  offlineDeviceHours?: number;
  offlinePhoneMinutes?: number;
  updatedAt: string;
  updatedBy: string | null;
}

const key = (tenantId: string) => ({ PK: tenantPk(tenantId, 'GATE'), SK: 'SETTINGS' });

export async function getGateSettings(tenantId: string): Promise<GateSettings | null> {
  const item = await getItem<Record<string, unknown>>(key(tenantId));
  if (!item) return null;
  const s = withoutKeys<GateSettings>(item);
  // Rules added after the settings were saved take their defaults.
  return { ...s, outcomes: { ...DEFAULT_RULE_OUTCOMES, ...s.outcomes } };
}

export function settingsPut(s: GateSettings) {
  return { Put: { TableName: config.tableName, Item: { ...key(s.tenantId), entity: 'gate-settings', ...s } } };
}

/** Straight write (the local stack's demo settings). */
export async function putGateSettings(s: GateSettings): Promise<void> {
  await ddb().send(new PutCommand(settingsPut(s).Put));
}

export const sealPassword = (tenantId: string, password: string) => sealSecret(tenantId, password);
export const openPassword = (s: GateSettings) =>
  s.passwordSealed ? openSecret(s.tenantId, s.passwordSealed) : Promise.resolve('');

export function settingsView(s: GateSettings | null): GateSettingsView {
  return {
    configured: Boolean(s),
    enabled: s?.enabled ?? false,
    baseUrl: s?.baseUrl ?? '',
    username: s?.username ?? '',
    hasPassword: Boolean(s?.passwordSealed),
    checks: s?.checks ?? (Object.fromEntries(GATE_SOURCES.map((g) => [g, true])) as Record<GateSource, boolean>),
    outcomes: s?.outcomes ?? DEFAULT_RULE_OUTCOMES,
    cacheHours: s?.cacheHours ?? CACHE_HOURS.default,
    offlineDeviceHours: s?.offlineDeviceHours ?? OFFLINE_WINDOW.deviceHours.default,
    offlinePhoneMinutes: s?.offlinePhoneMinutes ?? OFFLINE_WINDOW.phoneMinutes.default,
    updatedAt: s?.updatedAt ?? null,
  };
}
