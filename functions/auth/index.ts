export { resolveSession } from './resolve-session';
