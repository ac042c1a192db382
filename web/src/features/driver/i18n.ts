// Texts of the driver app's own settings and gate pass (web/src/lib/i18n/catalogue.ts).
import { defineCatalogue } from '../../lib/i18n/catalogue';

export const driverAppText = defineCatalogue('driverApp', {
  en: {
    preferences: {
      title: 'How we message you',
      intro: 'Choose the language of your messages and the channels to try, first to last.',
      language: 'Language of my messages',
      languages: { en: 'English', hi: 'हिंदी (Hindi)' },
      save: 'Save',
      saving: 'Saving...',
      saved: 'Preferences saved',
      saveFailed: 'Failed to save preferences',
    },
    pass: {
      title: 'Gate pass',
      qrAlt: 'Gate pass QR code, booking {{reference}}',
      day: 'Day',
      window: 'Time window',
      facility: 'Facility',
      vehicle: 'Vehicle',
      hint: 'Show this code at the gate. It works without mobile data.',
      saved: 'Saved for offline use: {{time}}',
      offline: 'No network: showing the pass saved on this phone.',
      noNetwork: 'No network: your appointments show when the phone is online again.',
      checkIn: 'Check in with this pass',
      checkInQueued: 'Saved on this phone: your check-in is sent when the network returns.',
    },
  },
  hi: {
    preferences: {
      title: 'हम आपको संदेश कैसे भेजें',
      intro: 'अपने संदेशों की भाषा और आज़माए जाने वाले चैनल, पहले से आख़िरी तक, चुनें।',
      language: 'मेरे संदेशों की भाषा',
      languages: { en: 'English (अंग्रेज़ी)', hi: 'हिंदी' },
      save: 'सहेजें',
      saving: 'सहेजा जा रहा है...',
      saved: 'पसंद सहेजी गई',
      saveFailed: 'पसंद सहेजी नहीं जा सकी',
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
      offline: 'नेटवर्क नहीं है: इस फ़ोन में सहेजा गया पास दिखाया जा रहा है।',
      noNetwork: 'नेटवर्क नहीं है: फ़ोन के फिर ऑनलाइन होने पर आपके अपॉइंटमेंट दिखेंगे।',
      checkIn: 'इस पास से चेक-इन करें',
      checkInQueued: 'इस फ़ोन में सहेजा गया: नेटवर्क लौटने पर आपका चेक-इन भेजा जाएगा।',
    },
  },
});
