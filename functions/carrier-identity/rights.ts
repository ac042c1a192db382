// A platform carrier's driver's rights over their data (issue #59.4, DPDP): each linked hub holds its
// own copy as its own fiduciary, so a request reaches every linked hub where the driver has a record,
// through that hub's privacy use cases (functions/privacy), as the hub's own driver asking: the hub's
// admin completes or refuses its erasure; the export is each hub's own "my data".
import type { Actor } from '../lib/audit';
import { HttpError } from '../lib/errors';
import { myData, requestErasure } from '../privacy';
import type { SessionUser } from '../../shared/contracts/auth';
import type { ErasureRequest, MyData } from '../../shared/contracts/privacy';
import { atHub, linkedHubs } from './network';

/** The driver as the hub's privacy use cases see them: its carrier record's driver of the same id. */
const asHubDriver = (user: SessionUser, link: { tenantId: string; carrierId: string }): SessionUser => ({
  ...atHub(user, link),
  driverId: user.id,
});

/** Each linked hub's answer; a hub holding no record of the driver is left out (it holds no data of theirs). */
async function atEveryHub<T>(user: SessionUser, act: (hubUser: SessionUser) => Promise<T>) {
  const answers = await Promise.all(
    (await linkedHubs(user.carrierId!)).map(async (link) => {
      try {
        return { tenantId: link.tenantId, hubName: link.hubName, answer: await act(asHubDriver(user, link)) };
      } catch (err) {
        if (err instanceof HttpError && (err.status === 404 || err.status === 409)) return null;
        throw err;
      }
    }),
  );
  return answers.filter((a): a is NonNullable<typeof a> => a !== null);
}

export const eraseAtEveryHub = (user: SessionUser, actor: Actor) =>
  atEveryHub<ErasureRequest>(user, (hubUser) => requestErasure(hubUser, actor));

export const exportFromEveryHub = (user: SessionUser) =>
  atEveryHub<MyData>(user, (hubUser) => myData(hubUser, 'exported'));
