// The Hindi texts of ./analytics-i18n.ts: a chunk of their own, fetched when the reader's language is Hindi.
export const insightsAnalytics = {
  analytics: {
    title: 'एनालिटिक्स',
    range: 'अवधि',
    lastDays: 'पिछले {{count}} दिन',
    exportReport: 'रिपोर्ट निर्यात करें',
    reports: 'रिपोर्ट',
    reportNames: {
      'carrier-scorecard': 'कैरियर स्कोरकार्ड',
      'dwell-time': 'ठहराव समय विश्लेषण',
      'appointment-audit-log': 'अपॉइंटमेंट ऑडिट लॉग',
      'dock-utilization': 'डॉक उपयोग रिपोर्ट',
    },
    cards: {
      appointments: 'अपॉइंटमेंट',
      onTimeRate: 'समय पर दर',
      avgDwell: 'औसत ठहराव समय',
      dockUtilization: 'डॉक उपयोग',
      noShows: 'नहीं आए',
    },
    failed: 'एनालिटिक्स लोड नहीं हो सके',
    perDayTitle: 'प्रति दिन अपॉइंटमेंट',
    perDayDescription: '{{facility}} · {{from}} से {{to}} · इनबाउंड {{inbound}}, आउटबाउंड {{outbound}}',
    perDayChart: 'प्रति दिन अपॉइंटमेंट का चार्ट',
  },
  vitals: {
    title: 'असली उपयोगकर्ताओं के लिए गति',
    description:
      'हर स्क्रीन पर ब्राउज़र द्वारा मापे गए मान का 75वाँ पर्सेंटाइल, {{from}} से {{to}} (LCP: मुख्य सामग्री दिखी; INP: टैप का जवाब; CLS: लेआउट खिसकना)।',
    failed: 'गति के आँकड़े लोड नहीं हो सके',
    empty: 'पिछले 7 दिनों में ब्राउज़र से कोई रिपोर्ट नहीं',
    label: 'हर स्क्रीन की गति',
    columns: { route: 'स्क्रीन', device: 'डिवाइस', views: 'पेज व्यू' },
    cell: '{{value}} · {{good}}% अच्छा',
    devices: {
      all: 'सभी डिवाइस',
      'phone-slow': 'साधारण फ़ोन या धीमा नेटवर्क',
      phone: 'फ़ोन',
      tablet: 'टैबलेट',
      desktop: 'कंप्यूटर',
    },
    seconds: '{{value}} सेकंड',
    milliseconds: '{{value}} मि.से.',
  },
};
