export { resolveSession } from './resolve-session';
// A platform carrier's people (functions/carrier-identity, issue #59) sign in by the same code flow and
// hold sessions of the same kind, acting outside every tenant.
export { requestCodeFor, signInWithCodeFor, type CodeAccount } from './sign-in-code';
export { deleteSession, sessionKeys, sessionLocator, sessionOf } from './session.store';
