// Titles and descriptions of the public pages (document title, meta description, sitemap) and the
// words the page layout shares. The visible headings are the page catalogues' own titles.
import { defineCatalogue } from '../../../lib/i18n/catalogue';

export const pagesText = defineCatalogue('pages', {
  en: {
    meta: {
      features:
        'Dock scheduling, live yard, gate check-in, analytics, carriers and audit trail: what DockSaathi does for Indian logistics hubs.',
      'mobile-app':
        'The DockSaathi driver app in the phone browser: appointments, QR gate check-in, dock door and directions in Hindi and English.',
      messaging:
        'Push, email, SMS and in-app messages for appointment confirmations, arrivals, delays and emergencies, in Hindi and English.',
      security: 'AES-256 encryption, TLS 1.3, data kept in India, role-based access and a full audit trail.',
      support: 'Live chat, email, phone and tickets with hours and response times, plus emergency contacts.',
      'help-center': 'Search DockSaathi help articles by category: appointments, yard, check-in, reports and accounts.',
      documentation:
        'Guides, tutorials, integrations and the complete DockSaathi API reference with an OpenAPI download.',
      training:
        'Learning tracks for administrators, operators and drivers, a video library, webinars and certifications.',
      contact: 'Write to DockSaathi: general questions, demos, sales, technical support, partnerships and media.',
      about: 'The mission, team and journey of DockSaathi, built in India for logistics hubs.',
      careers: 'Open roles at DockSaathi, our benefits and a five-step interview process.',
      partners: 'Reseller, technology, implementation and referral partnerships with 20%, 25% and 30% revenue share.',
      legal:
        'Terms of Service, Privacy Policy, Data Processing Agreement, Service Level Agreement, Cookie Policy and Acceptable Use Policy.',
    },
    skipToContent: 'Skip to content',
    home: 'Home',
    relatedLinks: 'Related pages',
    tryAgain: 'Please try again.',
  },
  hi: {
    meta: {
      features:
        'डॉक शेड्यूलिंग, लाइव यार्ड, गेट चेक-इन, एनालिटिक्स, कैरियर और ऑडिट ट्रेल: भारतीय लॉजिस्टिक्स हब के लिए DockSaathi क्या करता है।',
      'mobile-app': 'फ़ोन ब्राउज़र में DockSaathi ड्राइवर ऐप: अपॉइंटमेंट, QR गेट चेक-इन, डॉक दरवाज़ा और रास्ता हिंदी और अंग्रेज़ी में।',
      messaging: 'अपॉइंटमेंट पुष्टि, आगमन, देरी और आपात स्थितियों के लिए पुश, ईमेल, SMS और इन-ऐप संदेश, हिंदी और अंग्रेज़ी में।',
      security: 'AES-256 एन्क्रिप्शन, TLS 1.3, भारत में रखा गया डेटा, भूमिका-आधारित पहुँच और पूरा ऑडिट ट्रेल।',
      support: 'समय और जवाब अवधि के साथ लाइव चैट, ईमेल, फ़ोन और टिकट, साथ में आपातकालीन संपर्क।',
      'help-center': 'श्रेणी के अनुसार DockSaathi सहायता लेख खोजें: अपॉइंटमेंट, यार्ड, चेक-इन, रिपोर्ट और खाते।',
      documentation: 'गाइड, ट्यूटोरियल, इंटीग्रेशन और OpenAPI डाउनलोड के साथ पूरा DockSaathi API संदर्भ।',
      training: 'प्रशासकों, ऑपरेटरों और ड्राइवरों के लिए सीखने के ट्रैक, वीडियो लाइब्रेरी, वेबिनार और प्रमाणन।',
      contact: 'DockSaathi को लिखें: सामान्य प्रश्न, डेमो, बिक्री, तकनीकी सहायता, साझेदारी और मीडिया।',
      about: 'DockSaathi का मिशन, टीम और यात्रा, भारत में लॉजिस्टिक्स हब के लिए बना।',
      careers: 'DockSaathi में खुले पद, हमारे लाभ और पाँच चरणों की साक्षात्कार प्रक्रिया।',
      partners: '20%, 25% और 30% राजस्व हिस्से के साथ रीसेलर, टेक्नोलॉजी, कार्यान्वयन और रेफ़रल साझेदारी।',
      legal: 'सेवा की शर्तें, गोपनीयता नीति, डेटा प्रोसेसिंग समझौता, सेवा स्तर समझौता, कुकी नीति और स्वीकार्य उपयोग नीति।',
    },
    skipToContent: 'सामग्री पर जाएँ',
    home: 'होम',
    relatedLinks: 'संबंधित पृष्ठ',
    tryAgain: 'कृपया फिर से प्रयास करें।',
  },
});
