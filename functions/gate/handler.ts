// Gate compliance (issue #21): the tenant's ULIP account and rules (admin), and today's gate
// decisions at a facility for the dashboard's gate panel. The checks run in the check-in paths
// (functions/checkins) through this domain's index.ts.
import * as z from 'zod';
import { actorOf, json, parseBody, parseQuery, requireUser } from '../lib/http';
import { defineFunction } from '../api';
import { resolveFacility } from '../facilities';
import { gateSettingsSchema } from '../../shared/contracts/gate';
import { localDateTime } from '../../shared/time';
import { getGateSettings, settingsView } from './settings.store';
import { saveGateSettings } from './settings';
import { gateDayFigures } from './figures';

export const { handler, actions } = defineFunction('gate', {
  async getSettings(req) {
    const { user } = requireUser(req);
    return json(settingsView(await getGateSettings(user.tenantId)));
  },

  async saveSettings(req) {
    const signedIn = requireUser(req);
    return json(await saveGateSettings(signedIn.user.tenantId, actorOf(signedIn), parseBody(req, gateSettingsSchema)));
  },

  async todayFigures(req) {
    const { user } = requireUser(req);
    const { facilityId } = parseQuery(req, z.object({ facilityId: z.string().max(64).optional() }));
    const facility = await resolveFacility(user.tenantId, facilityId || 'default');
    return json(await gateDayFigures(user.tenantId, facility.id, localDateTime(new Date(), facility.timeZone).date));
  },
});
