// The Hindi texts of ./i18n.ts: a chunk of their own, fetched when the reader's language is Hindi
// (web/src/lib/i18n/catalogue.ts).
export const holding = {
  title: 'होल्डिंग कतार',
  defaultName: 'होल्डिंग क्षेत्र',
  kinds: { on_site: 'परिसर में', outside: 'बाहर का पार्किंग क्षेत्र' },
  callForwardOn: 'ड्राइवरों को आगे बुलाया जाता है (डॉक तक पहुँचने के लिए {{minutes}} मिनट)',
  callForwardOff: 'आगे बुलाना बंद है: डॉक हाथ से दें',
  listLabel: '{{area}} में ट्रक',
  empty: 'कोई ट्रक इंतज़ार में नहीं है',
  loadFailed: 'होल्डिंग कतार लोड नहीं हो सकी',
  position: 'क्रम {{position}}',
  called: 'बुलाया गया',
  noShow: 'नहीं आया',
  waiting: '{{since}} से इंतज़ार ({{minutes}} मिनट)',
  heldAtGate: 'गेट पर रोका गया',
  missedCalls: 'छूटी कॉल: {{count}}',
  calledTo: '{{at}} पर डॉक {{door}} पर बुलाया गया, {{deadline}} तक पहुँचना है',
  settings: 'होल्डिंग क्षेत्र की सेटिंग',
  name: 'होल्डिंग क्षेत्र का नाम *',
  kind: 'स्थान',
  callForward: 'डॉक खाली होने पर ड्राइवरों को SMS या WhatsApp से आगे बुलाएँ',
  callForwardHint:
    'जो ड्राइवर समय पर डॉक तक नहीं पहुँचता, उसे छोड़कर अगले को बुलाया जाता है; दूसरी बार कॉल छूटने पर ड्राइवर को "नहीं आया" माना जाता है।',
  saved: 'होल्डिंग क्षेत्र सहेजा गया',
  saveFailed: 'होल्डिंग क्षेत्र सहेजा नहीं जा सका',
  save: 'सहेजें',
};
