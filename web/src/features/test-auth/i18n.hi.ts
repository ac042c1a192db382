// The Hindi texts of ./i18n.ts: a chunk of their own, fetched when the reader's language is Hindi
// (web/src/lib/i18n/catalogue.ts). The English file's loader holds them to its keys when it compiles, and
// test/unit/i18n.test.ts finds any key the English texts do not have.
export const testAuth = {
  title: 'भूमिका-आधारित पहुँच नियंत्रण परीक्षण',
  currentUser: 'वर्तमान उपयोगकर्ता',
  role: 'भूमिका',
  extraRoles: 'अतिरिक्त भूमिकाएँ',
  none: 'कोई नहीं',
  permissions: 'अनुमति फ़्लैग',
  flags: {
    adminPanel: 'एडमिन',
    wms: 'WMS',
    analytics: 'एनालिटिक्स',
    driverMobile: 'ड्राइवर',
    readOnly: 'केवल पढ़ने के लिए',
  },
  yes: 'हाँ',
  no: 'नहीं',
  accounts: 'परीक्षण खाते',
  accountsHint: 'किसी भी नमूना खाते से साइन इन करके उसकी भूमिका आज़माएँ। सभी का पासवर्ड: {{password}}',
  testLogin: 'टेस्ट लॉगिन',
  current: 'वर्तमान',
  descriptions: {
    admin: 'पूर्ण सिस्टम पहुँच',
    operations: 'संचालन और बुकिंग पहुँच',
    yard_manager: 'यार्ड प्रबंधन पहुँच',
    driver: 'केवल ड्राइवर स्वयं-सेवा',
    spectator: 'केवल पढ़ने की पहुँच',
  },
  loginSuccessTitle: 'लॉगिन सफल',
  loginSuccess: '{{role}} के रूप में लॉग इन',
  loginFailedTitle: 'लॉगिन विफल',
  loginFailed: 'अमान्य क्रेडेंशियल',
  loginErrorTitle: 'लॉगिन त्रुटि',
  loginError: 'सर्वर से कनेक्ट नहीं हो सका',
};
