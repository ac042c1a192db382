// The Hindi texts of ./i18n.ts: a chunk of their own, fetched when the reader's language is Hindi
// (web/src/lib/i18n/catalogue.ts). The English file's loader holds them to its keys when it compiles, and
// test/unit/i18n.test.ts finds any key the English texts do not have.
export const carrierPortal = {
  scorecard: {
    title: 'कैरियर स्कोरकार्ड',
    ownTitle: 'आपका स्कोरकार्ड',
    description:
      'महीने में हर कैरियर के लिए: समय पर (जल्दी आना भी समय पर), देर से, नहीं आए, साइट पर समय, और बदलाव की समय-सीमा के भीतर रद्द',
    label: 'कैरियर स्कोरकार्ड',
    month: 'महीना',
    export: 'स्कोरकार्ड निर्यात करें (CSV)',
    empty: 'इस महीने किसी कैरियर का अपॉइंटमेंट नहीं',
    failed: 'स्कोरकार्ड लोड नहीं हो सका',
    loading: 'स्कोरकार्ड लोड हो रहा है...',
    minutes: '{{value}} मिनट',
    columns: {
      carrier: 'कैरियर',
      appointments: 'अपॉइंटमेंट',
      onTime: 'समय पर',
      early: 'जल्दी',
      late: 'देर से',
      noShows: 'नहीं आए',
      avgDwell: 'औसत ठहराव',
      lateCancellations: 'देर से रद्द',
    },
  },
  mobile: {
    open: 'मोबाइल नंबर से साइन इन करें',
    back: 'पासवर्ड से साइन इन करें',
    number: 'मोबाइल नंबर',
    numberPlaceholder: '98XXXXXXXX',
    send: 'कोड भेजें',
    sending: 'भेजा जा रहा है...',
    code: '6 अंकों का कोड',
    verify: 'साइन इन करें',
    verifying: 'साइन इन हो रहा है...',
    resend: 'नया कोड भेजें',
    failed: 'साइन इन नहीं हो सका',
  },
  rules: {
    title: 'बुकिंग नियम',
    description:
      'कैरियर और मेहमान कितने पहले बुक कर सकते हैं, स्लॉट से कितने पहले बदलाव बंद होते हैं, और ड्राइवर को कब याद दिलाया जाता है। स्टाफ़ बदलाव की समय-सीमा को अनदेखा कर सकता है।',
    minLeadHours: 'कम से कम (घंटे पहले) बुक करें',
    maxLeadHours: 'अधिक से अधिक (घंटे पहले) बुक करें',
    nextDayCutoff: 'अगले दिन की बुकिंग इस समय बंद होती है (सुविधा का समय)',
    changeCutoffHours: 'बदलाव बंद होते हैं (स्लॉट से घंटे पहले)',
    onePerVehiclePerDay: 'प्रति वाहन प्रति दिन अधिकतम एक खुली अपॉइंटमेंट',
    approvalRequired: 'कैरियर बुकिंग के लिए स्टाफ़ की स्वीकृति ज़रूरी है',
    reminderMinutes: 'ड्राइवर को याद दिलाएँ (स्लॉट से मिनट पहले)',
    none: 'कोई सीमा न हो तो खाली छोड़ें',
    save: 'बुकिंग नियम सहेजें',
    saved: 'बुकिंग नियम सहेजे गए',
    failed: 'बुकिंग नियम सहेजे नहीं जा सके',
  },
};
