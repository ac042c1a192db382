// The page for unknown paths.
export { NotFoundRoute } from './routes/not-found-route';
