// References (issue #32): thin actions that parse with the shared schemas and call one use case each.
// The kernel has already checked the session and the route's permission; the facility is found in the
// signed-in user's tenant (or 404) before a body is read.
import * as z from 'zod/mini';
import { actorOf, json, parseBody, parseQuery, pathId, requireUser } from '../lib/http';
import { defineFunction } from '../api';
import { MAX_PO_FILE_CHARS, poUploadSchema, referencePolicySchema } from '../../shared/contracts/references';
import { facilityIn, referencePolicy, saveReferencePolicy } from './policy';
import { purchaseOrder, purchaseOrders } from './orders';
import { applyUpload, previewUpload } from './uploads';
import { referencesRoutes } from '../../shared/routes/references';

/** A file's text in JSON: its characters, some of them several bytes, and the quotes JSON adds. */
const UPLOAD_BODY_BYTES = 4 * MAX_PO_FILE_CHARS;

const ordersQuerySchema = z.strictObject({
  po: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
});

const facilityOf = async (req: Parameters<typeof requireUser>[0]) => {
  const { user } = requireUser(req);
  return { user, facility: await facilityIn(user.tenantId, pathId(req, 'id', 'Facility')) };
};

export const { handler, actions, routes } = defineFunction('references', referencesRoutes, {
  async policy(req) {
    const { user, facility } = await facilityOf(req);
    return json(await referencePolicy(user.tenantId, facility.id));
  },
  async savePolicy(req) {
    const { user, facility } = await facilityOf(req);
    const input = parseBody(req, referencePolicySchema);
    return json(await saveReferencePolicy(user.tenantId, facility.id, input, actorOf(requireUser(req))));
  },
  async orders(req) {
    const { user, facility } = await facilityOf(req);
    const { po } = parseQuery(req, ordersQuerySchema);
    return json({ data: po ? [await purchaseOrder(user, facility.id, po)] : await purchaseOrders(user, facility.id) });
  },
  async previewUpload(req) {
    const { user, facility } = await facilityOf(req);
    return json(await previewUpload(user.tenantId, facility.id, parseBody(req, poUploadSchema, UPLOAD_BODY_BYTES)));
  },
  async applyUpload(req) {
    const { user, facility } = await facilityOf(req);
    const input = parseBody(req, poUploadSchema, UPLOAD_BODY_BYTES);
    return json(await applyUpload(user.tenantId, facility.id, input, actorOf(requireUser(req))), 201);
  },
});
