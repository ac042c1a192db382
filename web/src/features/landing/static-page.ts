// What the static landing page (landing.html, rendered at build by scripts/landing-page.ts, issue #34),
// its script (static-landing.ts) and the app's landing route agree on.

/**
 * The address of the landing page with Quick Slot Booking open (`/#quick-slot-booking`): the static
 * page's button starts the app there, and a link may point at it.
 */
export const QUICK_SLOT_BOOKING_HASH = '#quick-slot-booking';

/** The template the build keeps index.html's scripts and preloads in, inert until the app is needed. */
export const APP_CODE_ID = 'app-code';

/** The static markup's wrapper inside #root, which the app's first render replaces. */
export const STATIC_MARKUP_ATTRIBUTE = 'data-static-landing';
