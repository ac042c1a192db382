// Product-wide constants that the SPA and the functions both show or enforce.
export const PRODUCT_NAME = 'DockSaathi';
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
