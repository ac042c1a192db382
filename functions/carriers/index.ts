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
export type { Applicant, LinkRequest, PlannedLink } from './account-link';
