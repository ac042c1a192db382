// What the rest of the product may use of ops (docs/architecture.md §1): the smoke test's account.
export { ensureSmokeAccount, SMOKE_CARRIER_ID, SMOKE_FACILITY_ID, SMOKE_USERNAME } from './smoke-account';
export { LOCAL_SMOKE_PASSWORD, smokeSettingNames } from './names';
