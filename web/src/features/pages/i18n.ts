// The public pages' catalogues (web/src/lib/i18n/catalogue.ts), one file per group of pages in i18n/.
export { pagesText } from './i18n/meta';
export { productPagesText } from './i18n/product';
export { resourcePagesText } from './i18n/resources';
export { companyPagesText } from './i18n/company';
export { legalPagesText } from './i18n/legal';
