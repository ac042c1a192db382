// The ids of the demo tenant and facility (local stack and tests only).
export const DEMO_TENANT_ID = 'demo';
export const DEMO_FACILITY_ID = 'bhiwandi-dc';
/** The demo facility's booking and registration link (/book/demo-bhiwandi). */
export const DEMO_FACILITY_LINK = 'demo-bhiwandi';
