// Texts of the product pages: /features, /mobile-app, /messaging and /security (doc 3 §2 and doc 1).
// Lists are objects keyed by item; the pages render the keys of the English tree in order.
import { defineCatalogue } from '../../../lib/i18n/catalogue';

export const productPagesText = defineCatalogue('productPages', {
  en: {
    features: {
      title: 'Features',
      intro: 'Everything DockSaathi does today for dock, yard and warehouse teams, in Hindi and English.',
      items: {
        scheduling: {
          title: 'Dock appointment scheduling',
          text: 'Slots from each facility’s hours and capacity, staff and guest booking, reschedule requests with approval, cancellation with a reason. A slot is never double booked.',
        },
        yard: {
          title: 'Live yard and spot assignment',
          text: 'Every yard spot with its truck and status, refreshed live, and Assign Spots to place waiting trucks in one step.',
        },
        checkin: {
          title: 'Gate check-in',
          text: 'Check in from the appointment list, as a walk-in, by the driver on the phone or by scanning the gate QR code; doors are assigned as trucks arrive.',
        },
        analytics: {
          title: 'Dashboard and analytics',
          text: 'Today’s schedule, gate statistics, on-time rate, dwell time and door utilisation from real data, with CSV reports.',
        },
        carriers: {
          title: 'Carriers and drivers',
          text: 'Carrier records with service types, their drivers and licence numbers, and each carrier’s punctuality.',
        },
        facilities: {
          title: 'Facilities, doors and resources',
          text: 'Facilities with hours and dock doors, slot settings, holidays, labour in-charges and equipment.',
        },
        users: {
          title: 'Registration and approval',
          text: 'Drivers, transporters, tenants and dockyard staff register with their documents; administrators approve each account.',
        },
        audit: {
          title: 'Roles and audit trail',
          text: 'Five roles with their own permissions, enforced on the server, and every change recorded with who, what and when.',
        },
      },
      moreTitle: 'See it on your phone',
      moreText: 'Drivers use DockSaathi in the phone’s browser: no app store, no installation.',
      mobileLink: 'The driver app',
      contactLink: 'Talk to us',
    },
    mobileApp: {
      title: 'Mobile App',
      intro:
        'The driver app is DockSaathi in the phone’s browser: sign in once and keep your appointment, check-in and directions at hand.',
      stepsTitle: 'A driver’s visit in four steps',
      steps: {
        book: {
          title: 'Book or see your slot',
          text: 'Your next appointment with date, time, facility and booking code on the home screen.',
        },
        scan: {
          title: 'Scan the gate QR code',
          text: 'At the gate, scan the facility’s QR code with the phone camera to open your check-in.',
        },
        checkin: {
          title: 'Check in from the phone',
          text: 'One tap checks you in; the yard sees your truck arrive at once.',
        },
        door: {
          title: 'Go to your door',
          text: 'The dock door appears as soon as it is assigned, with directions to the facility.',
        },
      },
      benefitsTitle: 'Built for the road',
      benefits: {
        browser: {
          title: 'Works in any browser',
          text: 'Chrome or any modern phone browser; nothing to install or update.',
        },
        hindi: { title: 'Hindi and English', text: 'Every screen in Hindi or English, switched with one tap.' },
        small: { title: 'Made for small screens', text: 'Large buttons and readable text on a 390-pixel phone.' },
      },
      cta: 'Sign in to the driver app',
    },
    messaging: {
      title: 'Messaging',
      intro: 'Reach drivers, carriers and facility managers on the channel they read, in Hindi and English.',
      claims: {
        delivery: '99.9% delivery and uptime',
        speed: 'Average delivery under 2 seconds',
        templates: '50+ ready templates',
        languages: 'Hindi and English languages',
      },
      channelsTitle: 'Channels',
      channels: {
        push: { title: 'Push notifications', text: 'Instant alerts on the phone for drivers and staff.' },
        email: { title: 'Email', text: 'Confirmations and reports with full details for carriers and managers.' },
        sms: { title: 'SMS', text: 'Works on every phone, even without data.' },
        inApp: { title: 'In-app', text: 'Notifications in the dashboard for operators and administrators.' },
      },
      useCasesTitle: 'Use cases',
      useCases: {
        confirmations: {
          title: 'Appointment confirmations',
          text: 'Slot, facility and booking code sent as soon as a booking is made.',
        },
        arrivals: { title: 'Arrival notifications', text: 'Staff know the moment a truck checks in at the gate.' },
        delays: { title: 'Delay alerts', text: 'Drivers and operators warned when an appointment is running late.' },
        status: { title: 'Status updates', text: 'Loading, unloading and departure shared with the carrier.' },
        emergency: { title: 'Emergency alerts', text: 'Urgent notices to everyone on site at once.' },
        compliance: {
          title: 'Compliance reminders',
          text: 'Licence, document and safety reminders before they lapse.',
        },
      },
      featuresTitle: 'Features',
      features: {
        routing: {
          title: 'Smart routing',
          text: 'Each message goes by the channel the person reads, with a fallback.',
        },
        groups: { title: 'Group messaging', text: 'One message to all drivers of a carrier or a shift.' },
        scheduled: { title: 'Scheduled messages', text: 'Reminders sent at the right time before each slot.' },
        encryption: { title: 'Encryption', text: 'Messages and credentials encrypted in transit and at rest.' },
      },
      featuresLink: 'All features',
      contactLink: 'Contact us',
    },
    security: {
      title: 'Security',
      intro: 'Your operations data is protected with AES-256 encryption, TLS 1.3 and data kept in India.',
      areasTitle: 'How we protect your data',
      areas: {
        encryption: { title: 'Encryption', text: 'AES-256 at rest and TLS 1.3 in transit for every request.' },
        access: { title: 'Access control', text: 'Role-based permissions checked on the server for every call.' },
        residency: { title: 'Data residency', text: 'Data kept in India, in AWS Mumbai.' },
        audit: { title: 'Audit trail', text: 'Every change recorded with who made it and when.' },
        isolation: { title: 'Tenant isolation', text: 'Each customer’s data separated and never visible to another.' },
        monitoring: { title: 'Monitoring', text: 'Round-the-clock monitoring with alarms and rate limits.' },
      },
      certificationsTitle: 'Certifications',
      certifications: { iso: 'ISO 27001', soc2: 'SOC 2 Type II', gdpr: 'GDPR', ccpa: 'CCPA' },
      metricsTitle: 'In numbers',
      metrics: { uptime: 'uptime', encryption: 'encryption', monitoring: 'monitoring', response: 'incident response' },
      contactLink: 'Contact security',
      docsLink: 'Documentation',
    },
  },
  hi: {
    features: {
      title: 'सुविधाएँ',
      intro: 'डॉक, यार्ड और वेयरहाउस टीमों के लिए DockSaathi आज जो कुछ करता है, हिंदी और अंग्रेज़ी में।',
      items: {
        scheduling: {
          title: 'डॉक अपॉइंटमेंट शेड्यूलिंग',
          text: 'हर सुविधा के समय और क्षमता से स्लॉट, स्टाफ़ और अतिथि बुकिंग, मंज़ूरी के साथ पुनर्निर्धारण अनुरोध, कारण के साथ रद्द करना। कोई स्लॉट कभी दोहरी बुकिंग नहीं होता।',
        },
        yard: {
          title: 'लाइव यार्ड और स्पॉट आवंटन',
          text: 'हर यार्ड स्पॉट उसके ट्रक और स्थिति के साथ, लाइव अपडेट, और प्रतीक्षारत ट्रकों को एक कदम में रखने के लिए स्पॉट आवंटित करें।',
        },
        checkin: {
          title: 'गेट चेक-इन',
          text: 'अपॉइंटमेंट सूची से, वॉक-इन के रूप में, ड्राइवर द्वारा फ़ोन से या गेट का QR कोड स्कैन करके चेक-इन; ट्रक पहुँचते ही डॉक दिए जाते हैं।',
        },
        analytics: {
          title: 'डैशबोर्ड और एनालिटिक्स',
          text: 'आज का शेड्यूल, गेट आँकड़े, समय-पालन दर, ठहराव समय और डॉक उपयोग वास्तविक डेटा से, CSV रिपोर्ट के साथ।',
        },
        carriers: {
          title: 'कैरियर और ड्राइवर',
          text: 'सेवा प्रकारों के साथ कैरियर रिकॉर्ड, उनके ड्राइवर और लाइसेंस नंबर, और हर कैरियर की समय-पाबंदी।',
        },
        facilities: {
          title: 'सुविधाएँ, डॉक और संसाधन',
          text: 'समय और डॉक दरवाज़ों के साथ सुविधाएँ, स्लॉट सेटिंग, छुट्टियाँ, श्रम प्रभारी और उपकरण।',
        },
        users: {
          title: 'पंजीकरण और स्वीकृति',
          text: 'ड्राइवर, ट्रांसपोर्टर, टेनेंट और डॉकयार्ड कर्मचारी अपने दस्तावेज़ों के साथ पंजीकरण करते हैं; प्रशासक हर खाते को स्वीकृत करते हैं।',
        },
        audit: {
          title: 'भूमिकाएँ और ऑडिट ट्रेल',
          text: 'अपनी अनुमतियों वाली पाँच भूमिकाएँ, सर्वर पर लागू, और हर बदलाव किसने, क्या और कब के साथ दर्ज।',
        },
      },
      moreTitle: 'अपने फ़ोन पर देखें',
      moreText: 'ड्राइवर DockSaathi फ़ोन के ब्राउज़र में इस्तेमाल करते हैं: न ऐप स्टोर, न इंस्टॉलेशन।',
      mobileLink: 'ड्राइवर ऐप',
      contactLink: 'हमसे बात करें',
    },
    mobileApp: {
      title: 'मोबाइल ऐप',
      intro: 'ड्राइवर ऐप फ़ोन के ब्राउज़र में DockSaathi है: एक बार साइन इन करें और अपना अपॉइंटमेंट, चेक-इन और रास्ता हमेशा पास रखें।',
      stepsTitle: 'चार कदमों में ड्राइवर की यात्रा',
      steps: {
        book: {
          title: 'अपना स्लॉट बुक करें या देखें',
          text: 'होम स्क्रीन पर तारीख, समय, सुविधा और बुकिंग कोड के साथ आपका अगला अपॉइंटमेंट।',
        },
        scan: { title: 'गेट का QR कोड स्कैन करें', text: 'गेट पर फ़ोन के कैमरे से सुविधा का QR कोड स्कैन करें और अपना चेक-इन खोलें।' },
        checkin: { title: 'फ़ोन से चेक इन करें', text: 'एक टैप से चेक-इन; यार्ड को आपके ट्रक के पहुँचने की जानकारी तुरंत मिलती है।' },
        door: { title: 'अपने डॉक पर जाएँ', text: 'डॉक दरवाज़ा मिलते ही दिखता है, सुविधा तक के रास्ते के साथ।' },
      },
      benefitsTitle: 'सड़क के लिए बना',
      benefits: {
        browser: {
          title: 'किसी भी ब्राउज़र में चलता है',
          text: 'Chrome या कोई भी आधुनिक फ़ोन ब्राउज़र; कुछ इंस्टॉल या अपडेट नहीं करना।',
        },
        hindi: { title: 'हिंदी और अंग्रेज़ी', text: 'हर स्क्रीन हिंदी या अंग्रेज़ी में, एक टैप से बदलें।' },
        small: { title: 'छोटी स्क्रीन के लिए बना', text: '390 पिक्सेल के फ़ोन पर बड़े बटन और पढ़ने योग्य पाठ।' },
      },
      cta: 'ड्राइवर ऐप में साइन इन करें',
    },
    messaging: {
      title: 'मैसेजिंग',
      intro: 'ड्राइवरों, कैरियरों और सुविधा प्रबंधकों तक उसी चैनल पर पहुँचें जो वे पढ़ते हैं, हिंदी और अंग्रेज़ी में।',
      claims: {
        delivery: '99.9% डिलीवरी और अपटाइम',
        speed: 'औसत डिलीवरी 2 सेकंड से कम',
        templates: '50+ तैयार टेम्पलेट',
        languages: 'हिंदी और अंग्रेज़ी भाषाएँ',
      },
      channelsTitle: 'चैनल',
      channels: {
        push: { title: 'पुश सूचनाएँ', text: 'ड्राइवरों और स्टाफ़ के फ़ोन पर तुरंत अलर्ट।' },
        email: { title: 'ईमेल', text: 'कैरियरों और प्रबंधकों के लिए पूरे विवरण के साथ पुष्टि और रिपोर्ट।' },
        sms: { title: 'SMS', text: 'हर फ़ोन पर चलता है, डेटा के बिना भी।' },
        inApp: { title: 'इन-ऐप', text: 'ऑपरेटरों और प्रशासकों के लिए डैशबोर्ड में सूचनाएँ।' },
      },
      useCasesTitle: 'उपयोग के मामले',
      useCases: {
        confirmations: { title: 'अपॉइंटमेंट पुष्टि', text: 'बुकिंग होते ही स्लॉट, सुविधा और बुकिंग कोड भेजा जाता है।' },
        arrivals: { title: 'आगमन सूचनाएँ', text: 'ट्रक के गेट पर चेक-इन करते ही स्टाफ़ को पता चलता है।' },
        delays: { title: 'देरी अलर्ट', text: 'अपॉइंटमेंट में देर होने पर ड्राइवरों और ऑपरेटरों को चेतावनी।' },
        status: { title: 'स्थिति अपडेट', text: 'लोडिंग, अनलोडिंग और प्रस्थान की जानकारी कैरियर के साथ।' },
        emergency: { title: 'आपातकालीन अलर्ट', text: 'साइट पर मौजूद सभी को एक साथ तत्काल सूचना।' },
        compliance: { title: 'अनुपालन अनुस्मारक', text: 'लाइसेंस, दस्तावेज़ और सुरक्षा अनुस्मारक समाप्ति से पहले।' },
      },
      featuresTitle: 'सुविधाएँ',
      features: {
        routing: { title: 'स्मार्ट रूटिंग', text: 'हर संदेश उसी चैनल से जाता है जो व्यक्ति पढ़ता है, विकल्प के साथ।' },
        groups: { title: 'समूह संदेश', text: 'किसी कैरियर या शिफ़्ट के सभी ड्राइवरों को एक संदेश।' },
        scheduled: { title: 'निर्धारित संदेश', text: 'हर स्लॉट से पहले सही समय पर अनुस्मारक।' },
        encryption: { title: 'एन्क्रिप्शन', text: 'संदेश और क्रेडेंशियल भेजते और रखते समय एन्क्रिप्टेड।' },
      },
      featuresLink: 'सभी सुविधाएँ',
      contactLink: 'हमसे संपर्क करें',
    },
    security: {
      title: 'सुरक्षा',
      intro: 'आपका संचालन डेटा AES-256 एन्क्रिप्शन, TLS 1.3 और भारत में रखे गए डेटा से सुरक्षित है।',
      areasTitle: 'हम आपके डेटा की सुरक्षा कैसे करते हैं',
      areas: {
        encryption: { title: 'एन्क्रिप्शन', text: 'हर अनुरोध के लिए संग्रह में AES-256 और ट्रांज़िट में TLS 1.3।' },
        access: { title: 'पहुँच नियंत्रण', text: 'हर कॉल पर सर्वर पर जाँची जाने वाली भूमिका-आधारित अनुमतियाँ।' },
        residency: { title: 'डेटा निवास', text: 'डेटा भारत में, AWS मुंबई में रखा जाता है।' },
        audit: { title: 'ऑडिट ट्रेल', text: 'हर बदलाव किसने और कब किया, इसके साथ दर्ज।' },
        isolation: { title: 'टेनेंट पृथक्करण', text: 'हर ग्राहक का डेटा अलग और किसी दूसरे को कभी नहीं दिखता।' },
        monitoring: { title: 'निगरानी', text: 'अलार्म और दर सीमाओं के साथ चौबीसों घंटे निगरानी।' },
      },
      certificationsTitle: 'प्रमाणन',
      certifications: { iso: 'ISO 27001', soc2: 'SOC 2 Type II', gdpr: 'GDPR', ccpa: 'CCPA' },
      metricsTitle: 'आँकड़ों में',
      metrics: { uptime: 'अपटाइम', encryption: 'एन्क्रिप्शन', monitoring: 'निगरानी', response: 'घटना प्रतिक्रिया' },
      contactLink: 'सुरक्षा टीम से संपर्क करें',
      docsLink: 'दस्तावेज़ीकरण',
    },
  },
});
