// The role test page.
export { TestAuthRoute } from './routes/test-auth-route';
