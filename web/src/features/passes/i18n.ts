// Texts of the public gate pass page (issue #31, web/src/lib/i18n/catalogue.ts); the pass card itself
// is the driver app's (features/driver), and a refusal of the link is the server's own message.
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const passPageEn = {
  title: 'Your gate pass',
  loading: 'Opening your gate pass...',
  savedHere: 'Saved on this phone: this page opens the pass even with no mobile data.',
  savingHere: 'Saving on this phone for use with no mobile data... Keep this page open until it says saved.',
  notSavedHere:
    'This browser cannot keep this page for use with no mobile data. Keep it open, or take a screenshot of the pass.',
  noCopy: 'No network, and this pass was not saved on this phone yet. Open the link once while online.',
  failed: 'The gate pass could not be opened. Please try again.',
  cancelled: 'Your booking is cancelled. The facility has been told.',
  manage: {
    title: 'Manage your booking',
    changeTime: 'Change time',
    cancel: 'Cancel booking',
    newDate: 'New date',
    newSlot: 'Free slots',
    loadingSlots: 'Loading free slots...',
    noSlots: 'No free slots on this day. Choose another date.',
    confirmChange: 'Move my booking',
    requested: 'Your request is sent. The facility will confirm the new time.',
    reason: 'Reason for cancelling',
    confirmCancel: 'Cancel my booking',
    failed: 'The change could not be made. Please try again.',
  },
} as const;

export const passPageText = defineCatalogue('passPage', passPageEn, () => import('./i18n.hi').then((m) => m.passPage));
