// The public gate pass page (issue #31) and how a pass is kept for a pass link.
export { PassRoute } from './routes/pass-route';
export { useKeptGatePass } from './api/linked-pass';
