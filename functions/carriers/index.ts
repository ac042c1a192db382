// What other domains may use of carriers (docs/architecture.md §1); nothing else of it is imported from outside.
export {
  carrierOutcomeUpdate,
  createCarrier,
  createDriver,
  getCarrier,
  getDriver,
  listCarriers,
} from './carrier.store';
export { planCarrierLink, planDriverLink } from './account-link';
export { updateDriver, type Driver } from './carrier.store';
export { eraseDriverRecord } from './driver-erasure.store';
export type { Applicant, LinkRequest } from './account-link';
