// The warehouse's stock limits, apart from zod (wms-stock.ts's schemas and the server read them here):
// the warehouse's first screen reads the count sheet's page size and loads no schema (issue #34).
/** Variance colours: 0 green, |v| up to this yellow, above it red (doc 3 §5, §9). */
export const VARIANCE_WARNING = 5;
export const RECEIVING_MAX_QUANTITY = 1_000_000;
/** Each serial-tracked unit is its own line, written with its receipt in one transaction (at most 100 items). */
export const MAX_SERIALS_PER_RECEIPT = 10;
/** The count sheet's page size on the screen; the API takes 1-100. */
export const COUNT_SHEET_PAGE_SIZE = 20;
