// Texts of the public gate pass page (issue #31, web/src/lib/i18n/catalogue.ts); the pass card itself
// is the driver app's (features/driver), and a refusal of the link is the server's own message.
import { defineCatalogue } from '../../lib/i18n/catalogue';

export const passPageText = defineCatalogue('passPage', {
  en: {
    title: 'Your gate pass',
    loading: 'Opening your gate pass...',
    savedHere: 'Saved on this phone: this page opens the pass even with no mobile data.',
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
  },
  hi: {
    title: 'आपका गेट पास',
    loading: 'आपका गेट पास खुल रहा है...',
    savedHere: 'इस फ़ोन पर सहेजा गया: मोबाइल डेटा न होने पर भी यह पेज पास खोलता है।',
    noCopy: 'नेटवर्क नहीं है, और यह पास अभी इस फ़ोन पर सहेजा नहीं गया है। एक बार ऑनलाइन होकर लिंक खोलें।',
    failed: 'गेट पास नहीं खुल सका। कृपया फिर से कोशिश करें।',
    cancelled: 'आपकी बुकिंग रद्द कर दी गई है। सुविधा को बता दिया गया है।',
    manage: {
      title: 'अपनी बुकिंग बदलें',
      changeTime: 'समय बदलें',
      cancel: 'बुकिंग रद्द करें',
      newDate: 'नई तारीख',
      newSlot: 'खाली स्लॉट',
      loadingSlots: 'खाली स्लॉट लोड हो रहे हैं...',
      noSlots: 'इस दिन कोई खाली स्लॉट नहीं है। दूसरी तारीख चुनें।',
      confirmChange: 'मेरी बुकिंग बदलें',
      requested: 'आपका अनुरोध भेज दिया गया है। सुविधा नए समय की पुष्टि करेगी।',
      reason: 'रद्द करने का कारण',
      confirmCancel: 'मेरी बुकिंग रद्द करें',
      failed: 'बदलाव नहीं हो सका। कृपया फिर से कोशिश करें।',
    },
  },
});
