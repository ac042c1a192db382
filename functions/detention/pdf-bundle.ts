// The detention PDFs, loaded on the first request for one from their side bundle (pdfs.ts,
// functions/lib/side-bundle.ts); from source in the tests and the local stack.
import { loadSideBundle, type SideBundle } from '../lib/side-bundle';

export const DETENTION_PDFS: SideBundle = { source: 'functions/detention/pdfs.ts', bundled: 'detention-pdfs.cjs' };

type Pdfs = typeof import('./pdfs');
const pdfs = () => loadSideBundle<Pdfs>(DETENTION_PDFS);

export const evidencePdf = async (...args: Parameters<Pdfs['evidencePdf']>) => (await pdfs()).evidencePdf(...args);
export const statementPdf = async (...args: Parameters<Pdfs['statementPdf']>) => (await pdfs()).statementPdf(...args);
