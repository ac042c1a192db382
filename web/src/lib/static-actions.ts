/**
 * The controls of the static landing page (rendered at build from the app's own components, issue #34)
 * that its script answers before the app has started (features/landing/static-landing.ts): each is
 * marked with this attribute in the app's markup.
 */
export const STATIC_ACTION_ATTRIBUTE = 'data-static-action';
export const STATIC_ACTIONS = { booking: 'quick-slot-booking', language: 'language' } as const;

/** Marks the footer's year, which the static page sets when it opens (its markup is the build's day). */
export const CURRENT_YEAR_ATTRIBUTE = 'data-current-year';
