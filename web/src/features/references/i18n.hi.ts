// The Hindi texts of ./i18n.ts: a chunk of their own, fetched when the reader's language is Hindi
// (web/src/lib/i18n/catalogue.ts). The English file's loader holds them to its keys when it compiles, and
// test/unit/i18n.test.ts finds any key the English texts do not have.
export const references = {
  title: 'खरीद ऑर्डर (PO जाँच)',
  description: 'हर बुकिंग का PO इस सुविधा के खुले PO से मिलाएँ, और हर PO देखें: ऑर्डर, बुक, प्राप्त, बाकी।',
  policy: {
    mode: 'PO जाँच',
    modes: {
      off: 'बंद: PO नंबर नहीं जाँचा जाता',
      list: 'सूची: PO अपलोड की गई सूची में खुला होना चाहिए',
      callback: 'कॉलबैक: आपका सिस्टम हर बुकिंग और बदलाव को स्वीकार या अस्वीकार करता है',
    },
    allowSplits: 'एक PO कई अपॉइंटमेंट पर बुक हो सकता है',
    overQuantity: 'खुली मात्रा से अधिक की बुकिंग',
    over: { refuse: 'अस्वीकार करें', flag: 'बुक करें, चिह्नित करके' },
    save: 'PO जाँच सहेजें',
  },
  callback: {
    url: 'आपके सिस्टम का पता',
    urlHint:
      'हर बुकिंग और बदलाव यहाँ भेजा जाता है, हस्ताक्षरित (Standard Webhooks)। आपका सिस्टम 3 सेकंड में उत्तर दे: 2xx स्वीकार करता है; कोई और स्थिति अपने errorMessage के साथ अस्वीकार करती है।',
    secret: 'साइनिंग सीक्रेट',
    secretSet: 'सीक्रेट सेट है। इसे रखने के लिए यह खाली छोड़ें।',
    secretNotSet: 'अभी कोई सीक्रेट सेट नहीं है।',
    generate: 'नया सीक्रेट बनाएँ',
    generated: 'यह सीक्रेट अभी अपने सिस्टम में कॉपी करें, फिर सहेजें: यह दोबारा नहीं दिखेगा।',
    downPolicy: 'जब आपका सिस्टम उत्तर न दे',
    down: {
      accept: 'बुकिंग स्वीकार करें',
      refuse: 'बुकिंग अस्वीकार करें (बुक करने वाला बाद में फिर कोशिश करे)',
      pending_review: 'समीक्षा बाकी के रूप में स्वीकार करें, और स्टाफ़ को सूचित करें',
      list: 'पिछली अपलोड की गई सूची से जाँचें',
    },
  },
  upload: {
    title: 'खुले PO अपलोड करें (CSV)',
    hint: 'कॉलम: po, supplier, sku, quantity, windowStart, windowEnd (तारीखें वैकल्पिक)। हर PO पंक्ति की एक पंक्ति, अधिकतम 5,000 पंक्तियाँ।',
    file: 'CSV फ़ाइल',
    mode: 'यह फ़ाइल',
    modes: { replace: 'सूची बदल देती है (छूटे PO बंद होते हैं)', append: 'अपनी पंक्तियाँ सूची में जोड़ती है' },
    preview: 'पूर्वावलोकन',
    apply: 'लागू करें',
    summary: '{{lines}} पंक्तियाँ, {{orders}} PO',
    errors: 'ये पंक्तियाँ ठीक करें, फिर दोबारा पूर्वावलोकन करें: कुछ भी लागू नहीं हुआ।',
    ready: 'कोई त्रुटि नहीं। सूची अपडेट करने के लिए लागू करें।',
    closing: 'लागू करने पर बंद होंगे: {{pos}}',
  },
  list: {
    title: 'इस सुविधा के PO',
    empty: 'अभी कोई PO अपलोड नहीं हुआ।',
    po: 'PO',
    supplier: 'सप्लायर',
    ordered: 'ऑर्डर',
    booked: 'बुक',
    received: 'प्राप्त',
    open: 'बाकी',
    status: 'स्थिति',
    isOpen: 'खुला',
    closed: 'बंद',
    bookedOn: 'बुक है',
  },
  toasts: {
    policySaved: 'PO जाँच सहेजी गई',
    policyFailed: 'PO जाँच सहेजी नहीं जा सकी',
    uploaded: '{{orders}} PO ({{lines}} पंक्तियाँ) लागू किए गए',
    uploadFailed: 'फ़ाइल लागू नहीं की जा सकी',
  },
};
