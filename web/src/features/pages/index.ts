// The public information pages.
export { StaticPageRoute } from './routes/static-page-route';
