// The ids of the demo tenant and facility (local stack and tests only).
export const DEMO_TENANT_ID = 'demo';
export const DEMO_FACILITY_ID = 'bhiwandi-dc';
