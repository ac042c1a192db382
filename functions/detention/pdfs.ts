// The detention PDFs (issue #57.3), an evidence pack and a carrier's statement: built as a bundle of its
// own beside the detention function's (DETENTION_PDFS in pdf-bundle.ts, LAMBDA_BUNDLING.sideBundles), so
// pdf-lib (~450 KB minified) is in no function's bundle and costs a cold start nothing until a PDF is asked for.
export { evidencePdf } from './evidence-pdf';
export { statementPdf } from './statement-pdf';
