// The PO check's labels in English and Hindi (issue #32: reference validation by list or callback).
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const referencesEn = {
  title: 'Purchase orders (PO check)',
  description:
    'Check the PO of every booking against the open POs of this facility, and follow each PO: ordered, booked, received, open.',
  policy: {
    mode: 'PO check',
    modes: {
      off: 'Off: a PO number is not checked',
      list: 'List: the PO must be open on the uploaded list',
      callback: 'Callback: your system accepts or refuses each booking and change',
    },
    allowSplits: 'A PO may be booked on several appointments',
    overQuantity: 'A booking over the open quantity',
    over: { refuse: 'Refuse it', flag: 'Book it, flagged' },
    save: 'Save PO check',
  },
  callback: {
    url: 'Address of your system',
    urlHint:
      'Every booking and change is sent here, signed (Standard Webhooks). Your system answers in 3 s: 2xx accepts; any other status refuses with its errorMessage.',
    secret: 'Signing secret',
    secretSet: 'A secret is set. Leave this empty to keep it.',
    secretNotSet: 'No secret set yet.',
    generate: 'Make a new secret',
    generated: 'Copy this secret into your system now, then save: it is not shown again.',
    downPolicy: 'When your system does not answer',
    down: {
      accept: 'Accept the booking',
      refuse: 'Refuse the booking (the booker tries again later)',
      pending_review: 'Accept it as pending review, and alert staff',
      list: 'Check it against the last uploaded list',
    },
  },
  upload: {
    title: 'Upload open POs (CSV)',
    hint: 'Columns: po, supplier, sku, quantity, windowStart, windowEnd (dates optional). One row per PO line, at most 5,000 lines.',
    file: 'CSV file',
    mode: 'The file',
    modes: { replace: 'Replaces the list (POs left out close)', append: 'Adds its lines to the list' },
    preview: 'Preview',
    apply: 'Apply',
    summary: '{{lines}} lines, {{orders}} POs',
    errors: 'Fix these lines, then preview again: nothing was applied.',
    ready: 'No errors. Apply to update the list.',
    closing: 'Applying closes: {{pos}}',
  },
  list: {
    title: 'POs of this facility',
    empty: 'No PO uploaded yet.',
    po: 'PO',
    supplier: 'Supplier',
    ordered: 'Ordered',
    booked: 'Booked',
    received: 'Received',
    open: 'Open',
    status: 'Status',
    isOpen: 'Open',
    closed: 'Closed',
    bookedOn: 'Booked on',
  },
  toasts: {
    policySaved: 'PO check saved',
    policyFailed: 'Could not save the PO check',
    uploaded: '{{orders}} POs ({{lines}} lines) applied',
    uploadFailed: 'Could not apply the file',
  },
} as const;

export const referencesText = defineCatalogue('references', referencesEn, () =>
  import('./i18n.hi').then((m) => m.references),
);
