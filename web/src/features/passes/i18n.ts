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
  },
  hi: {
    title: 'आपका गेट पास',
    loading: 'आपका गेट पास खुल रहा है...',
    savedHere: 'इस फ़ोन पर सहेजा गया: मोबाइल डेटा न होने पर भी यह पेज पास खोलता है।',
    noCopy: 'नेटवर्क नहीं है, और यह पास अभी इस फ़ोन पर सहेजा नहीं गया है। एक बार ऑनलाइन होकर लिंक खोलें।',
    failed: 'गेट पास नहीं खुल सका। कृपया फिर से कोशिश करें।',
  },
});
