// The Hindi texts of ./i18n.ts: a chunk of their own, fetched when the reader's language is Hindi
// (web/src/lib/i18n/catalogue.ts). The English file's loader holds them to its keys when it compiles, and
// test/unit/i18n.test.ts finds any key the English texts do not have.
export const passPage = {
  title: 'आपका गेट पास',
  loading: 'आपका गेट पास खुल रहा है...',
  savedHere: 'इस फ़ोन पर सहेजा गया: मोबाइल डेटा न होने पर भी यह पेज पास खोलता है।',
  savingHere: 'बिना मोबाइल डेटा के उपयोग के लिए इस फ़ोन पर सहेजा जा रहा है... "सहेजा गया" दिखने तक यह पेज खुला रखें।',
  notSavedHere: 'यह ब्राउज़र इस पेज को बिना मोबाइल डेटा के उपयोग के लिए नहीं रख सकता। इसे खुला रखें, या पास का स्क्रीनशॉट ले लें।',
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
};
