// The Hindi texts of ./i18n.ts: a chunk of their own, fetched when the reader's language is Hindi
// (web/src/lib/i18n/catalogue.ts). The English file's loader holds them to its keys when it compiles, and
// test/unit/i18n.test.ts finds any key the English texts do not have.
export const driverApp = {
  preferences: {
    title: 'हम आपको संदेश कैसे भेजें',
    intro: 'अपने संदेशों की भाषा और आज़माए जाने वाले चैनल, पहले से आख़िरी तक, चुनें।',
    language: 'मेरे संदेशों की भाषा',
    languages: { en: 'English (अंग्रेज़ी)', hi: 'हिंदी' },
    save: 'सहेजें',
    saving: 'सहेजा जा रहा है...',
    saved: 'पसंद सहेजी गई',
    saveFailed: 'पसंद सहेजी नहीं जा सकी',
    current: 'अभी: संदेश {{language}} में, {{channels}} पर।',
    change: 'संदेश भेजने का तरीका बदलें',
    channels: { sms: 'SMS', whatsapp: 'WhatsApp', voice: 'वॉइस कॉल', email: 'ईमेल' },
  },
  pass: {
    title: 'गेट पास',
    qrAlt: 'गेट पास का QR कोड, बुकिंग {{reference}}',
    day: 'दिन',
    window: 'समय',
    facility: 'सुविधा',
    vehicle: 'वाहन',
    hint: 'यह कोड गेट पर दिखाएँ। यह मोबाइल डेटा के बिना भी काम करता है।',
    saved: 'ऑफ़लाइन उपयोग के लिए सहेजा गया: {{time}}',
    saving: 'ऑफ़लाइन उपयोग के लिए सहेजा जा रहा है...',
    notSaved: 'ऑफ़लाइन उपयोग के लिए सहेजा नहीं गया: यह ब्राउज़र ऐप को नहीं रख सकता। यह पेज खुला रखें।',
    offline: 'नेटवर्क नहीं है: इस फ़ोन में सहेजा गया पास दिखाया जा रहा है।',
    noNetwork: 'नेटवर्क नहीं है: फ़ोन के फिर ऑनलाइन होने पर आपके अपॉइंटमेंट दिखेंगे।',
  },
};
