// The user administration screen.
export { UsersRoute } from './routes/users-route';
