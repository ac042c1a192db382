// The legal documents, each at /legal/<key> (their texts are in i18n/legal.ts); the sitemap lists them too.
export const LEGAL_DOCUMENTS = {
  terms: { category: 'platform', updated: '2025-10-01' },
  privacy: { category: 'privacy', updated: '2025-10-01' },
  dpa: { category: 'privacy', updated: '2025-09-15' },
  sla: { category: 'service', updated: '2025-08-20' },
  cookies: { category: 'privacy', updated: '2026-11-27' },
  aup: { category: 'platform', updated: '2025-07-10' },
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;
