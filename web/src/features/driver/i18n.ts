// Texts of the driver app's own settings (web/src/lib/i18n/catalogue.ts).
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
  },
});
