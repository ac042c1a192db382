// A driver's own data (the driver app's card) and the admin's erasure requests and access log (issue #36).
export { MyDataCard } from './components/my-data-card';
export { ErasureRequestsPanel } from './components/erasure-requests-panel';
