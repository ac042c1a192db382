// The authorisation matrix's share of issue #59 (test/integration/authz-matrix.test.ts), written by hand:
// the acts of the hub's carrier-link writes (each allowed caller invites, approves or unlinks a platform
// carrier of its own, read back through the hub's list), and the carrier identity's own column: a
// platform carrier's owner, linked to hub A's carrier record and not to hub B, against every route of
// the table.
import { randomInt, randomUUID } from 'node:crypto';
import type { Act, ActContext, Prepared } from './authz-effects';
import type { HttpResponse } from './api';
import { createIdentity } from '../../functions/carrier-identity/identity.store';
import { askToLink, inviteCarrier } from '../../functions/carrier-identity/links';
import { gstinCheckCharacter } from '../../shared/gstin';

const letter = () => String.fromCharCode(65 + randomInt(0, 26));
/** A GSTIN passing its check character (Maharashtra, a made-up PAN). */
export function matrixGstin(): string {
  const first14 = `27${letter()}${letter()}${letter()}${letter()}${letter()}${randomInt(1000, 10000)}${letter()}1Z`;
  return first14 + gstinCheckCharacter(first14);
}
export const matrixMobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;

/** A platform carrier registered through its store (the acts need one each; registration has its own tests). */
export async function matrixIdentity(): Promise<{ id: string; gstin: string; phone: string }> {
  const phone = matrixMobile();
  const { identity } = await createIdentity(
    {
      gstin: matrixGstin(),
      name: `Matrix Carrier ${randomUUID().slice(0, 6)}`,
      ownerName: 'Matrix Owner',
      phone: `+91${phone}`,
    },
    '127.0.0.1',
  );
  return { id: identity.id, gstin: identity.gstin!, phone };
}

const who = { actor: { userId: 'matrix', username: 'matrix' }, ip: '127.0.0.1' };
const tenantOf = async (ctx: ActContext) => (await ctx.admin.get('/api/auth/user')).body.tenantId as string;
const linkOf = async (ctx: ActContext, identityId: string) =>
  (
    (await ctx.admin.get('/api/carrier-links')).body as { identityId: string; status: string; carrierId: string }[]
  ).find((l) => l.identityId === identityId);

export const CARRIER_LINK_ACTS: Record<string, Act> = {
  // The hub invites a carrier registered on the platform, by its GSTIN, for its own carrier record.
  'POST /api/carrier-links/invitations': {
    prepare: async (ctx) => {
      const identity = await matrixIdentity();
      return { body: { gstin: identity.gstin, carrierId: ctx.r.ownCarrier }, state: { identityId: identity.id } };
    },
    effect: async (ctx, p) => {
      const link = await linkOf(ctx, p.state!.identityId!);
      return link?.status === 'invited' && link.carrierId === ctx.r.ownCarrier
        ? null
        : `link is ${JSON.stringify(link)}`;
    },
  },
  // A carrier asked the hub; the hub approves naming a carrier record of the act's own (one record, one carrier).
  'POST /api/carrier-links/requests/{identityId}/approve': {
    prepare: async (ctx) => {
      const identity = await matrixIdentity();
      await askToLink(identity.id, { hubId: await tenantOf(ctx) }, who);
      const carrier = await ctx.admin.post('/api/carriers', {
        name: `Matrix Linked ${randomUUID().slice(0, 6)}`,
        serviceTypes: ['FTL'],
      });
      if (carrier.status !== 201) throw new Error(`act set-up failed: ${carrier.status} ${carrier.text}`);
      return {
        params: { identityId: identity.id },
        body: { carrierId: carrier.body.id },
        state: { identityId: identity.id, carrierId: carrier.body.id },
      };
    },
    effect: async (ctx, p) => {
      const link = await linkOf(ctx, p.state!.identityId!);
      return link?.status === 'linked' && link.carrierId === p.state!.carrierId
        ? null
        : `link is ${JSON.stringify(link)}`;
    },
  },
  // The hub ends a carrier's invitation of its own: it is gone from the hub's list.
  'DELETE /api/carrier-links/{identityId}': {
    prepare: async (ctx) => {
      const identity = await matrixIdentity();
      await inviteCarrier(await tenantOf(ctx), { gstin: identity.gstin, carrierId: ctx.r.ownCarrier }, who);
      return { params: { identityId: identity.id }, state: { identityId: identity.id } };
    },
    effect: async (ctx: ActContext, p: Prepared, _res: HttpResponse) => {
      const link = await linkOf(ctx, p.state!.identityId!);
      return link ? `link is still ${JSON.stringify(link)}` : null;
    },
  },
};

/**
 * The carrier identity's column, by hand: what a platform carrier's owner, linked to hub A (`own`) and
 * not to hub B (`other`), is answered. Cells: y allowed (2xx, or 400/409 from the body or the record's
 * state); a number: that status. Its own routes name a hub in the path: the cell is for hub A, then hub
 * B. Every route of the table not listed here and not public is a hub's, and the owner holds none of a
 * hub's permissions: 403.
 */
export const CARRIER_IDENTITY_COLUMN = `
GET    /api/auth/user                                     y
POST   /api/auth/switch-tenant                            400
PATCH  /api/auth/user/language                            y
GET    /api/tenancy/tenant                                404
GET    /api/tenancy/memberships                           y
GET    /api/carrier-identity/me                           y
PATCH  /api/carrier-identity/me/language                  y
GET    /api/carrier-identity/people                       y
POST   /api/carrier-identity/people                       y
DELETE /api/carrier-identity/people/{personId}     404
GET    /api/carrier-identity/drivers                      y
POST   /api/carrier-identity/drivers                      y
GET    /api/carrier-identity/invitations                  y
POST   /api/carrier-identity/invitations/{hubId}/accept   404 404
POST   /api/carrier-identity/link-requests                y
GET    /api/carrier-identity/hubs                         y
GET    /api/carrier-identity/bookings                     y
POST   /api/carrier-identity/hubs/{hubId}/bookings        y   403
POST   /api/carrier-identity/hubs/{hubId}/bookings/{id}/cancel y 403
POST   /api/carrier-identity/hubs/{hubId}/bookings/{id}/reschedule y 403
GET    /api/carrier-identity/wallet                       403
POST   /api/carrier-identity/privacy/erasure              403
GET    /api/carrier-identity/privacy/export               403
`;

export interface IdentityCell {
  key: string;
  /** Hub A's answer (or the only one), then hub B's for routes naming a hub. */
  own: 'y' | number;
  other?: 'y' | number;
}

export const IDENTITY_CELLS: Map<string, IdentityCell> = new Map(
  CARRIER_IDENTITY_COLUMN.trim()
    .split('\n')
    .map((line) => {
      const [method, path, own, other] = line.trim().split(/\s+/);
      const cell = (c?: string) => (c === undefined ? undefined : c === 'y' ? ('y' as const) : Number(c));
      return [`${method} ${path}`, { key: `${method} ${path}`, own: cell(own)!, other: cell(other) }];
    }),
);
