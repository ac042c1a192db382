// The public information pages, the legal documents' pages and their catalogues.
import { loadLater } from '../../lib/load-later';

export { StaticPageRoute } from './routes/static-page-route';
// A legal document's page (/legal/<document>) comes with the legal texts only.
export const LegalDocumentRoute = loadLater(async () => (await import('./routes/legal-pages')).LegalDocumentRoute);
