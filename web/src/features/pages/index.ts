// The public information pages, the legal documents' pages and their catalogues.
export { StaticPageRoute } from './routes/static-page-route';
export { LegalDocumentRoute } from './routes/legal-pages';
