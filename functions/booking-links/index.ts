// What other domains may use of booking-links (docs/architecture.md §1): whether a facility has a link
// in force (tenancy's set-up checklist); its routes serve the staff panel and the public /book/<token> page.
export { hasLinkInForce } from './booking-links';
// A driver books by chat through a link and its code (functions/chat, issue #56), as on the link's page.
export { bookThroughLink, linkInForce, openWithCode } from './booking-links';
