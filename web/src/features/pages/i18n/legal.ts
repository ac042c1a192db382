// Texts of /legal and of each legal document's page /legal/<document> (doc 3 §2 Legal Information, §9).
import { defineCatalogue } from '../../../lib/i18n/catalogue';

export const legalPagesText = defineCatalogue('legalPages', {
  en: {
    title: 'Legal Information',
    intro: 'The terms, policies and agreements that govern DockSaathi, in one place.',
    stats: { documents: 'Legal documents', compliance: 'Regulatory compliance', reviews: 'Policy reviews' },
    statValues: { reviews: 'Annual' },
    documentsTitle: 'Legal documents',
    categories: { platform: 'Platform', privacy: 'Privacy', service: 'Service' },
    lastUpdated: 'Last updated: {{date}}',
    viewDocument: 'View Document',
    backToLegal: 'Back to Legal Information',
    documents: {
      terms: {
        title: 'Terms of Service',
        description: 'The agreement between your organisation and DockSaathi for using the platform.',
        sections: {
          one: {
            title: 'Acceptance',
            text: 'By creating an account or using DockSaathi, your organisation agrees to these terms. The person who accepts them confirms they may bind the organisation.',
          },
          two: {
            title: 'The service',
            text: 'DockSaathi provides dock appointment scheduling, yard management, check-in, messaging, integrations and warehouse management as a hosted service. Features may change; we give 30 days’ notice before removing a feature you use.',
          },
          three: {
            title: 'Your accounts',
            text: 'You are responsible for the users you approve, their roles and keeping their credentials secret. Tell us at once of any unauthorised use.',
          },
          four: {
            title: 'Fees and term',
            text: 'Fees are set in your order form. Either party may end the agreement with 30 days’ written notice. On termination you may export your data for 30 days.',
          },
          five: {
            title: 'Liability',
            text: 'Each party’s total liability is capped at the fees paid in the 12 months before the claim, except for breaches of confidentiality or data protection obligations.',
          },
          six: {
            title: 'Governing law',
            text: 'These terms are governed by the laws of India; the courts of Bengaluru have exclusive jurisdiction.',
          },
        },
      },
      privacy: {
        title: 'Privacy Policy',
        description: 'How we collect, use, store and protect personal data of users and drivers.',
        sections: {
          one: {
            title: 'What we collect',
            text: 'Names, e-mail addresses, mobile numbers, vehicle numbers, licence and identity document details given at registration, and records of appointments and check-ins.',
          },
          two: {
            title: 'Why we use it',
            text: 'To run the service: sign-in, bookings, gate check-in, notifications and the audit trail. We never sell personal data.',
          },
          three: {
            title: 'Where it is kept',
            text: 'Data is stored in India (AWS Mumbai), encrypted with AES-256 at rest and TLS 1.3 in transit.',
          },
          four: {
            title: 'How long',
            text: 'Account data is kept while the account is active and deleted within 90 days of closure, unless the law requires longer.',
          },
          five: {
            title: 'Your rights',
            text: 'You may ask to see, correct or delete your data under the Digital Personal Data Protection Act, 2023. Write to privacy@docksaathi.in; we answer within 1-2 business days.',
          },
        },
      },
      dpa: {
        title: 'Data Processing Agreement',
        description: 'Our commitments as a processor of the personal data you entrust to us.',
        sections: {
          one: {
            title: 'Roles',
            text: 'Your organisation is the data fiduciary; DockSaathi processes personal data only on your documented instructions.',
          },
          two: {
            title: 'Security measures',
            text: 'Encryption, role-based access, tenant isolation, audit logging and monitored infrastructure protect the data we process.',
          },
          three: {
            title: 'Sub-processors',
            text: 'We use Amazon Web Services for hosting and messaging providers for SMS and e-mail, and give 30 days’ notice of any new sub-processor.',
          },
          four: {
            title: 'Breach notification',
            text: 'We notify you of a personal data breach without undue delay and within 24 hours of becoming aware of it.',
          },
          five: {
            title: 'Return and deletion',
            text: 'At the end of the service we return or delete your data, as you choose, within 30 days.',
          },
        },
      },
      sla: {
        title: 'Service Level Agreement',
        description: 'The availability and support response times we guarantee.',
        sections: {
          one: {
            title: 'Availability',
            text: 'DockSaathi is available 99.9% of each calendar month, excluding scheduled maintenance announced 48 hours in advance.',
          },
          two: {
            title: 'Support response',
            text: 'Emergencies are answered in under 15 minutes, live chat in under 2 minutes, e-mail within 4 hours and tickets within 8 hours.',
          },
          three: {
            title: 'Service credits',
            text: 'If availability falls below 99.9%, you receive a credit of 10% of that month’s fees for each 0.5% below the target, up to 50%.',
          },
          four: {
            title: 'Claims',
            text: 'Ask for a credit within 30 days of the end of the month concerned, through support.',
          },
        },
      },
      cookies: {
        title: 'Cookie Policy',
        description: 'The cookies DockSaathi uses and why.',
        sections: {
          one: {
            title: 'Essential cookies',
            text: 'A session cookie keeps you signed in, and a device cookie recognises a browser you signed in from before. Both are HttpOnly and cannot be read by scripts.',
          },
          two: {
            title: 'Preferences',
            text: 'Your language choice is kept in your browser’s local storage so the site opens in the language you chose.',
          },
          three: { title: 'No tracking', text: 'We use no advertising or cross-site tracking cookies.' },
        },
      },
      aup: {
        title: 'Acceptable Use Policy',
        description: 'What you may and may not do with the platform.',
        sections: {
          one: {
            title: 'Permitted use',
            text: 'Use DockSaathi for your organisation’s logistics operations and in line with the law.',
          },
          two: {
            title: 'Prohibited use',
            text: 'Do not try to reach other customers’ data, probe or overload the service, send spam through the messaging features, or upload unlawful content.',
          },
          three: {
            title: 'Automated access',
            text: 'Use the documented API with your own credentials and within its rate limits.',
          },
          four: {
            title: 'Enforcement',
            text: 'We may suspend accounts that break this policy, with notice where possible.',
          },
        },
      },
    },
    complianceTitle: 'Compliance and Standards',
    compliance: {
      dataProtection: {
        title: 'Data protection',
        text: 'Digital Personal Data Protection Act 2023, GDPR and CCPA principles for personal data.',
      },
      security: { title: 'Security standards', text: 'ISO 27001 and SOC 2 Type II controls, AES-256 and TLS 1.3.' },
      business: {
        title: 'Business compliance',
        text: 'Information Technology Act 2000, GST invoicing and Indian contract law.',
      },
    },
    termsTitle: 'Key Legal Terms',
    terms: {
      uptime: { title: 'Uptime guarantee', text: '99.9% uptime guarantee' },
      termination: { title: 'Termination notice', text: '30 days termination notice' },
      liability: { title: 'Liability', text: 'Liability capped at 12 months of fees' },
      governing: { title: 'Governing law', text: 'Laws of India, courts of Bengaluru' },
    },
    inquiriesTitle: 'Legal Inquiries',
    inquiries: {
      general: { title: 'General legal', text: 'legal@docksaathi.in', note: 'Answered in 2-3 business days' },
      privacy: { title: 'Privacy', text: 'privacy@docksaathi.in', note: 'Answered in 1-2 business days' },
      postal: {
        title: 'Postal notices',
        text: 'DockSaathi Legal, 4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103, India',
        note: 'Formal notices by post',
      },
    },
    updatesTitle: 'Stay Updated',
    updatesText: 'We tell customers about material changes 30 days before they take effect.',
    subscribe: 'Subscribe to Legal Updates',
    subscribeSubject: 'Subscribe to legal updates',
    disclaimer:
      'This page summarises our legal documents. If the summary and a full document differ, the full document prevails.',
  },
  hi: {
    title: 'कानूनी जानकारी',
    intro: 'DockSaathi को नियंत्रित करने वाली शर्तें, नीतियाँ और समझौते, एक जगह।',
    stats: { documents: 'कानूनी दस्तावेज़', compliance: 'नियामक अनुपालन', reviews: 'नीति समीक्षा' },
    statValues: { reviews: 'वार्षिक' },
    documentsTitle: 'कानूनी दस्तावेज़',
    categories: { platform: 'प्लेटफ़ॉर्म', privacy: 'गोपनीयता', service: 'सेवा' },
    lastUpdated: 'अंतिम अपडेट: {{date}}',
    viewDocument: 'दस्तावेज़ देखें',
    backToLegal: 'कानूनी जानकारी पर वापस जाएँ',
    documents: {
      terms: {
        title: 'सेवा की शर्तें',
        description: 'प्लेटफ़ॉर्म के उपयोग के लिए आपके संगठन और DockSaathi के बीच का समझौता।',
        sections: {
          one: {
            title: 'स्वीकृति',
            text: 'खाता बनाकर या DockSaathi का उपयोग करके आपका संगठन इन शर्तों से सहमत होता है। इन्हें स्वीकार करने वाला व्यक्ति पुष्टि करता है कि वह संगठन को बाध्य कर सकता है।',
          },
          two: {
            title: 'सेवा',
            text: 'DockSaathi डॉक अपॉइंटमेंट शेड्यूलिंग, यार्ड प्रबंधन, चेक-इन, मैसेजिंग, इंटीग्रेशन और वेयरहाउस प्रबंधन होस्टेड सेवा के रूप में देता है। सुविधाएँ बदल सकती हैं; आपके द्वारा उपयोग की जाने वाली सुविधा हटाने से पहले हम 30 दिन की सूचना देते हैं।',
          },
          three: {
            title: 'आपके खाते',
            text: 'आप जिन उपयोगकर्ताओं को स्वीकृत करते हैं, उनकी भूमिकाओं और उनके क्रेडेंशियल गुप्त रखने के लिए आप ज़िम्मेदार हैं। किसी भी अनधिकृत उपयोग की सूचना हमें तुरंत दें।',
          },
          four: {
            title: 'शुल्क और अवधि',
            text: 'शुल्क आपके ऑर्डर फ़ॉर्म में तय होते हैं। कोई भी पक्ष 30 दिन की लिखित सूचना देकर समझौता समाप्त कर सकता है। समाप्ति पर आप 30 दिनों तक अपना डेटा निर्यात कर सकते हैं।',
          },
          five: {
            title: 'दायित्व',
            text: 'गोपनीयता या डेटा सुरक्षा दायित्वों के उल्लंघन को छोड़कर, हर पक्ष का कुल दायित्व दावे से पहले के 12 महीनों में चुकाए गए शुल्क तक सीमित है।',
          },
          six: { title: 'लागू कानून', text: 'ये शर्तें भारत के कानूनों से नियंत्रित हैं; बेंगलुरु की अदालतों का विशेष अधिकार क्षेत्र है।' },
        },
      },
      privacy: {
        title: 'गोपनीयता नीति',
        description: 'हम उपयोगकर्ताओं और ड्राइवरों का व्यक्तिगत डेटा कैसे एकत्र, उपयोग, संग्रहीत और सुरक्षित करते हैं।',
        sections: {
          one: {
            title: 'हम क्या एकत्र करते हैं',
            text: 'नाम, ईमेल पते, मोबाइल नंबर, वाहन नंबर, पंजीकरण पर दिए गए लाइसेंस और पहचान दस्तावेज़ का विवरण, और अपॉइंटमेंट व चेक-इन के रिकॉर्ड।',
          },
          two: {
            title: 'हम इसका उपयोग क्यों करते हैं',
            text: 'सेवा चलाने के लिए: साइन-इन, बुकिंग, गेट चेक-इन, सूचनाएँ और ऑडिट ट्रेल। हम व्यक्तिगत डेटा कभी नहीं बेचते।',
          },
          three: {
            title: 'यह कहाँ रखा जाता है',
            text: 'डेटा भारत (AWS मुंबई) में रखा जाता है, संग्रह में AES-256 और ट्रांज़िट में TLS 1.3 से एन्क्रिप्टेड।',
          },
          four: {
            title: 'कितने समय तक',
            text: 'खाता डेटा खाता सक्रिय रहने तक रखा जाता है और बंद होने के 90 दिनों के भीतर हटा दिया जाता है, जब तक कानून अधिक समय न माँगे।',
          },
          five: {
            title: 'आपके अधिकार',
            text: 'डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023 के तहत आप अपना डेटा देखने, सुधारने या हटाने के लिए कह सकते हैं। privacy@docksaathi.in पर लिखें; हम 1-2 कार्य दिवसों में जवाब देते हैं।',
          },
        },
      },
      dpa: {
        title: 'डेटा प्रोसेसिंग समझौता',
        description: 'आपके सौंपे गए व्यक्तिगत डेटा के प्रोसेसर के रूप में हमारी प्रतिबद्धताएँ।',
        sections: {
          one: {
            title: 'भूमिकाएँ',
            text: 'आपका संगठन डेटा फ़िड्यूशियरी है; DockSaathi व्यक्तिगत डेटा केवल आपके दस्तावेज़ी निर्देशों पर प्रोसेस करता है।',
          },
          two: {
            title: 'सुरक्षा उपाय',
            text: 'एन्क्रिप्शन, भूमिका-आधारित पहुँच, टेनेंट पृथक्करण, ऑडिट लॉगिंग और निगरानी वाला इंफ्रास्ट्रक्चर हमारे द्वारा प्रोसेस किए गए डेटा की रक्षा करते हैं।',
          },
          three: {
            title: 'उप-प्रोसेसर',
            text: 'हम होस्टिंग के लिए Amazon Web Services और SMS व ईमेल के लिए मैसेजिंग प्रदाताओं का उपयोग करते हैं, और किसी भी नए उप-प्रोसेसर की 30 दिन पहले सूचना देते हैं।',
          },
          four: {
            title: 'उल्लंघन की सूचना',
            text: 'व्यक्तिगत डेटा उल्लंघन का पता चलने के 24 घंटों के भीतर, बिना अनुचित देरी के, हम आपको सूचित करते हैं।',
          },
          five: {
            title: 'वापसी और हटाना',
            text: 'सेवा समाप्त होने पर हम आपकी पसंद के अनुसार 30 दिनों के भीतर आपका डेटा लौटाते या हटाते हैं।',
          },
        },
      },
      sla: {
        title: 'सेवा स्तर समझौता',
        description: 'उपलब्धता और सहायता जवाब समय जिनकी हम गारंटी देते हैं।',
        sections: {
          one: {
            title: 'उपलब्धता',
            text: 'DockSaathi हर कैलेंडर महीने के 99.9% समय उपलब्ध है, 48 घंटे पहले घोषित निर्धारित रखरखाव को छोड़कर।',
          },
          two: {
            title: 'सहायता जवाब',
            text: 'आपात स्थितियों का जवाब 15 मिनट से कम में, लाइव चैट का 2 मिनट से कम में, ईमेल का 4 घंटे के भीतर और टिकट का 8 घंटे के भीतर।',
          },
          three: {
            title: 'सेवा क्रेडिट',
            text: 'यदि उपलब्धता 99.9% से कम हो, तो लक्ष्य से हर 0.5% कमी पर उस महीने के शुल्क का 10% क्रेडिट मिलता है, अधिकतम 50% तक।',
          },
          four: { title: 'दावे', text: 'संबंधित महीने के अंत के 30 दिनों के भीतर सहायता के माध्यम से क्रेडिट माँगें।' },
        },
      },
      cookies: {
        title: 'कुकी नीति',
        description: 'DockSaathi कौन-सी कुकी उपयोग करता है और क्यों।',
        sections: {
          one: {
            title: 'आवश्यक कुकी',
            text: 'एक सत्र कुकी आपको साइन इन रखती है, और एक डिवाइस कुकी उस ब्राउज़र को पहचानती है जिससे आपने पहले साइन इन किया था। दोनों HttpOnly हैं और स्क्रिप्ट उन्हें पढ़ नहीं सकतीं।',
          },
          two: {
            title: 'प्राथमिकताएँ',
            text: 'आपकी भाषा का चुनाव आपके ब्राउज़र के लोकल स्टोरेज में रखा जाता है, ताकि साइट आपकी चुनी भाषा में खुले।',
          },
          three: { title: 'कोई ट्रैकिंग नहीं', text: 'हम कोई विज्ञापन या क्रॉस-साइट ट्रैकिंग कुकी उपयोग नहीं करते।' },
        },
      },
      aup: {
        title: 'स्वीकार्य उपयोग नीति',
        description: 'आप प्लेटफ़ॉर्म के साथ क्या कर सकते हैं और क्या नहीं।',
        sections: {
          one: {
            title: 'अनुमत उपयोग',
            text: 'DockSaathi का उपयोग अपने संगठन के लॉजिस्टिक्स संचालन के लिए और कानून के अनुसार करें।',
          },
          two: {
            title: 'निषिद्ध उपयोग',
            text: 'दूसरे ग्राहकों के डेटा तक पहुँचने, सेवा की जाँच करने या उस पर अधिक भार डालने, मैसेजिंग से स्पैम भेजने या अवैध सामग्री अपलोड करने का प्रयास न करें।',
          },
          three: { title: 'स्वचालित पहुँच', text: 'अपने क्रेडेंशियल के साथ और दर सीमाओं के भीतर दस्तावेज़ी API का उपयोग करें।' },
          four: { title: 'प्रवर्तन', text: 'इस नीति को तोड़ने वाले खातों को हम, जहाँ संभव हो सूचना देकर, निलंबित कर सकते हैं।' },
        },
      },
    },
    complianceTitle: 'अनुपालन और मानक',
    compliance: {
      dataProtection: {
        title: 'डेटा सुरक्षा',
        text: 'व्यक्तिगत डेटा के लिए डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम 2023, GDPR और CCPA के सिद्धांत।',
      },
      security: { title: 'सुरक्षा मानक', text: 'ISO 27001 और SOC 2 Type II नियंत्रण, AES-256 और TLS 1.3।' },
      business: { title: 'व्यावसायिक अनुपालन', text: 'सूचना प्रौद्योगिकी अधिनियम 2000, GST चालान और भारतीय अनुबंध कानून।' },
    },
    termsTitle: 'मुख्य कानूनी शर्तें',
    terms: {
      uptime: { title: 'अपटाइम गारंटी', text: '99.9% अपटाइम गारंटी' },
      termination: { title: 'समाप्ति सूचना', text: '30 दिन की समाप्ति सूचना' },
      liability: { title: 'दायित्व', text: 'दायित्व 12 महीने के शुल्क तक सीमित' },
      governing: { title: 'लागू कानून', text: 'भारत के कानून, बेंगलुरु की अदालतें' },
    },
    inquiriesTitle: 'कानूनी पूछताछ',
    inquiries: {
      general: { title: 'सामान्य कानूनी', text: 'legal@docksaathi.in', note: '2-3 कार्य दिवसों में जवाब' },
      privacy: { title: 'गोपनीयता', text: 'privacy@docksaathi.in', note: '1-2 कार्य दिवसों में जवाब' },
      postal: {
        title: 'डाक सूचनाएँ',
        text: 'DockSaathi लीगल, चौथी मंज़िल, प्रेस्टीज टेक पार्क, आउटर रिंग रोड, बेंगलुरु, कर्नाटक 560103, भारत',
        note: 'औपचारिक सूचनाएँ डाक से',
      },
    },
    updatesTitle: 'अपडेट पाते रहें',
    updatesText: 'महत्वपूर्ण बदलाव लागू होने से 30 दिन पहले हम ग्राहकों को बताते हैं।',
    subscribe: 'कानूनी अपडेट की सदस्यता लें',
    subscribeSubject: 'कानूनी अपडेट की सदस्यता',
    disclaimer: 'यह पृष्ठ हमारे कानूनी दस्तावेज़ों का सारांश है। यदि सारांश और पूरे दस्तावेज़ में अंतर हो, तो पूरा दस्तावेज़ मान्य होगा।',
  },
});
