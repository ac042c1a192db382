// Every text of the conversation (issue #56), in English and in Hindi (Devanagari, as the product's other
// Hindi texts). The domains' own messages (validation, cut-offs, conflicts) are not written here: they are
// the spec's texts, translated by the server-message catalogue (functions/lib/server-messages.ts).
import { dateTimeFormat } from '../../shared/intl';
import { clipVariable, displayDate, renderTemplate, type Language } from '../../shared/contracts/messaging';
import type { MenuAction } from './steps';
import type { AppointmentStatus } from '../../shared/contracts/truck-flow';

export interface ChatTexts {
  chooseLanguage: string;
  menu: string;
  menuButton: string;
  menuRows: Record<MenuAction, { title: string; description: string }>;
  unknownNumber: string;
  facilityLink: (url: string) => string;
  linkNeedsCode: string;
  chooseHub: string;
  hubButton: string;
  enterQuantity: string;
  chooseDay: string;
  dayButton: string;
  startsFrom: (time: string, count: number) => string;
  noStarts: string;
  chooseStart: (day: string) => string;
  startButton: string;
  slotTaken: string;
  askVehicleNumber: string;
  chooseVehicle: string;
  vehicleButton: string;
  otherVehicle: string;
  askVehicleType: string;
  askCapacity: string;
  askDriverName: string;
  askDriverLicense: string;
  summary: (s: { hub: string; day: string; start: string; end: string; vehicle: string; driver: string }) => string;
  consentNote: string;
  confirm: string;
  changeDetails: string;
  booked: (s: { code: string; hub: string; day: string; start: string; door: string | null }) => string;
  awaitingApproval: (code: string) => string;
  passLink: (url: string) => string;
  passCaption: (code: string) => string;
  noBookings: string;
  bookingRow: (s: { day: string; start: string; hub: string }) => string;
  yourBookings: string;
  pickBooking: string;
  bookingsButton: string;
  confirmCancel: (s: { code: string; day: string; start: string }) => string;
  yesCancel: string;
  keep: string;
  cancelled: (code: string) => string;
  kept: string;
  moved: (s: { code: string; day: string; start: string }) => string;
  moveRequested: (s: { code: string; day: string; start: string }) => string;
  askArrival: string;
  locationUnknown: string;
  tooFarFromHub: (s: { km: string; hub: string }) => string;
  notYourCode: string;
  proceedToDoor: (door: string) => string;
  waitInHolding: string;
  whatsappWithdrawn: (link: string | null) => string;
  tryAgain: string;
  /** The product's own status words (web/src/features/appointments/i18n*.ts). */
  statuses: Record<AppointmentStatus, string>;
  /** A door not given yet, as an SMS status names it. */
  noDoorYet: string;
  /** Why CANCEL by SMS changed nothing: the booking's status, or its change cut-off. */
  notCancellableBecause: (status: string) => string;
  cutoffPassed: string;
}

/**
 * The answers to SMS keywords (functions/chat/sms-keywords.ts), and the chat's texts with the same
 * words: each is a message template's registered text, as an SMS must be under DLT.
 */
export function smsAnswers(language: Language) {
  const t = CHAT_TEXTS[language];
  return {
    help: renderTemplate('sms_help', language, {}),
    unknownCode: t.notYourCode,
    cancelled: (code: string) => renderTemplate('sms_cancelled', language, { code }),
    notCancelled: (code: string, reason: string) =>
      renderTemplate('sms_not_cancelled', language, { code, reason: clipVariable(reason) }),
    status: (s: { code: string; status: string; date: string; start: string; hub: string; door: string | null }) =>
      renderTemplate('sms_status', language, {
        code: s.code,
        status: s.status,
        hub: clipVariable(s.hub),
        date: displayDate(s.date, language),
        time: s.start,
        dock: s.door ?? t.noDoorYet,
      }),
  };
}

const en: ChatTexts = {
  chooseLanguage: 'Welcome to DockSaathi. Choose your language. / अपनी भाषा चुनें।',
  menu: 'What would you like to do?',
  menuButton: 'Menu',
  menuRows: {
    book: { title: 'Book', description: 'Book a slot at a hub' },
    mine: { title: 'My bookings', description: 'Your upcoming bookings' },
    change: { title: 'Change', description: 'Move a booking to another time' },
    cancel: { title: 'Cancel', description: 'Cancel a booking' },
    pass: { title: 'Gate pass', description: 'Get the gate pass of a booking' },
    arrived: { title: 'I have arrived', description: 'Check in at the hub' },
    language: { title: 'Language', description: 'English or Hindi' },
  },
  unknownNumber:
    'We do not know this number yet. Send the booking link the hub sent you, with its 6-digit access code.',
  facilityLink: (url) => `You can also book on the hub's page: ${url}`,
  linkNeedsCode: 'Send the 6-digit access code that came with the link.',
  chooseHub: 'Where do you want to book?',
  hubButton: 'Choose hub',
  enterQuantity: 'How many pallets or units? Send the number.',
  chooseDay: 'Which day?',
  dayButton: 'Choose day',
  startsFrom: (time, count) => `From ${time} · ${count} free`,
  noStarts: 'There is no free time in the next days. Please try again later.',
  chooseStart: (day) => `Free times on ${day}:`,
  startButton: 'Choose time',
  slotTaken: 'Sorry, that time was just taken. These times are still free:',
  askVehicleNumber: 'Send the vehicle number as on the plate, e.g. MH12AB1234.',
  chooseVehicle: 'Which vehicle?',
  vehicleButton: 'Choose vehicle',
  otherVehicle: 'Other',
  askVehicleType: 'Which vehicle type?',
  askCapacity: 'Capacity in tons? Send the number, e.g. 10.',
  askDriverName: "Send the driver's name.",
  askDriverLicense: "Send the driver's licence number.",
  summary: (s) =>
    `Please check your booking:\nHub: ${s.hub}\nDay: ${s.day}\nTime: ${s.start}–${s.end}\nVehicle: ${s.vehicle}\nDriver: ${s.driver}`,
  consentNote: 'By confirming you agree to our privacy notice and to messages about this booking in this chat.',
  confirm: 'Confirm',
  changeDetails: 'Change details',
  booked: (s) =>
    `Booked. Your booking code is ${s.code}.\n${s.hub}, ${s.day} at ${s.start}${s.door ? `, door ${s.door}` : ''}.\nShow the gate pass at the gate.`,
  awaitingApproval: (code) => `Your booking ${code} is waiting for the hub's approval. We will message you.`,
  passLink: (url) => `Gate pass: ${url}`,
  passCaption: (code) => `Gate pass ${code}`,
  noBookings: 'You have no upcoming bookings from this number.',
  bookingRow: (s) => `${s.day} ${s.start} · ${s.hub}`,
  yourBookings: 'Your bookings:',
  pickBooking: 'Which booking?',
  bookingsButton: 'Choose booking',
  confirmCancel: (s) => `Cancel booking ${s.code} on ${s.day} at ${s.start}?`,
  yesCancel: 'Yes, cancel',
  keep: 'No, keep it',
  cancelled: (code) => smsAnswers('en').cancelled(code),
  kept: 'Your booking is unchanged.',
  moved: (s) => `Booking ${s.code} is moved to ${s.day} at ${s.start}. Your new gate pass:`,
  moveRequested: (s) => `Your change of ${s.code} to ${s.day} at ${s.start} is sent to the hub for approval.`,
  askArrival: 'Send your booking code, or share your location.',
  locationUnknown: 'We cannot check you in by location here. Please send your booking code.',
  tooFarFromHub: (s) => `You are ${s.km} km from ${s.hub}. Send your booking code when you reach the gate.`,
  notYourCode: renderTemplate('sms_unknown_code', 'en', {}),
  proceedToDoor: (door) => `You are checked in. Your door is ${door}, proceed now.`,
  waitInHolding: 'You are checked in. Please wait in the holding area; we will message you your door.',
  whatsappWithdrawn: (link) =>
    `You asked us not to message you on WhatsApp, so this chat is off.${link ? ` To turn it on again: ${link}` : ''}`,
  tryAgain: 'Something went wrong. Please try again.',
  statuses: {
    pending_approval: 'Awaiting approval',
    scheduled: 'Scheduled',
    arrived: 'Arrived',
    loading: 'Loading',
    unloading: 'Unloading',
    departed: 'Departed',
    cancelled: 'Cancelled',
    no_show: 'No-show',
  },
  noDoorYet: 'not given yet',
  notCancellableBecause: (status) => `it is ${status}`,
  cutoffPassed: 'the change cut-off has passed',
};

const hi: ChatTexts = {
  chooseLanguage: 'DockSaathi में आपका स्वागत है। अपनी भाषा चुनें। / Choose your language.',
  menu: 'आप क्या करना चाहते हैं?',
  menuButton: 'मेनू',
  menuRows: {
    book: { title: 'बुक करें', description: 'किसी हब पर स्लॉट बुक करें' },
    mine: { title: 'मेरी बुकिंग', description: 'आपकी आने वाली बुकिंग' },
    change: { title: 'बदलें', description: 'बुकिंग का समय बदलें' },
    cancel: { title: 'रद्द करें', description: 'बुकिंग रद्द करें' },
    pass: { title: 'गेट पास', description: 'बुकिंग का गेट पास पाएं' },
    arrived: { title: 'मैं पहुँच गया', description: 'हब पर चेक-इन करें' },
    language: { title: 'भाषा', description: 'हिंदी या English' },
  },
  unknownNumber: 'यह नंबर हमारे पास अभी दर्ज नहीं है। हब से मिला बुकिंग लिंक उसके 6 अंकों के एक्सेस कोड के साथ भेजें।',
  facilityLink: (url) => `आप हब के पेज पर भी बुक कर सकते हैं: ${url}`,
  linkNeedsCode: 'लिंक के साथ मिला 6 अंकों का एक्सेस कोड भेजें।',
  chooseHub: 'आप कहाँ बुक करना चाहते हैं?',
  hubButton: 'हब चुनें',
  enterQuantity: 'कितने पैलेट या यूनिट? संख्या भेजें।',
  chooseDay: 'कौन सा दिन?',
  dayButton: 'दिन चुनें',
  startsFrom: (time, count) => `${time} से · ${count} खाली`,
  noStarts: 'अगले दिनों में कोई समय खाली नहीं है। कृपया बाद में फिर कोशिश करें।',
  chooseStart: (day) => `${day} को खाली समय:`,
  startButton: 'समय चुनें',
  slotTaken: 'माफ़ कीजिए, वह समय अभी-अभी बुक हो गया। ये समय अभी खाली हैं:',
  askVehicleNumber: 'वाहन नंबर नंबर-प्लेट के अनुसार भेजें, जैसे MH12AB1234।',
  chooseVehicle: 'कौन सा वाहन?',
  vehicleButton: 'वाहन चुनें',
  otherVehicle: 'अन्य',
  askVehicleType: 'वाहन का प्रकार?',
  askCapacity: 'क्षमता कितने टन? संख्या भेजें, जैसे 10।',
  askDriverName: 'ड्राइवर का नाम भेजें।',
  askDriverLicense: 'ड्राइवर का लाइसेंस नंबर भेजें।',
  summary: (s) =>
    `कृपया अपनी बुकिंग जाँचें:\nहब: ${s.hub}\nदिन: ${s.day}\nसमय: ${s.start}–${s.end}\nवाहन: ${s.vehicle}\nड्राइवर: ${s.driver}`,
  consentNote: 'पुष्टि करके आप हमारी गोपनीयता सूचना और इस चैट में इस बुकिंग के संदेशों के लिए सहमति देते हैं।',
  confirm: 'पुष्टि करें',
  changeDetails: 'विवरण बदलें',
  booked: (s) =>
    `बुकिंग हो गई। आपका बुकिंग कोड ${s.code} है।\n${s.hub}, ${s.day} को ${s.start} बजे${s.door ? `, डॉक ${s.door}` : ''}।\nगेट पर गेट पास दिखाएँ।`,
  awaitingApproval: (code) => `आपकी बुकिंग ${code} हब की मंज़ूरी का इंतज़ार कर रही है। हम आपको संदेश भेजेंगे।`,
  passLink: (url) => `गेट पास: ${url}`,
  passCaption: (code) => `गेट पास ${code}`,
  noBookings: 'इस नंबर से आपकी कोई आने वाली बुकिंग नहीं है।',
  bookingRow: (s) => `${s.day} ${s.start} · ${s.hub}`,
  yourBookings: 'आपकी बुकिंग:',
  pickBooking: 'कौन सी बुकिंग?',
  bookingsButton: 'बुकिंग चुनें',
  confirmCancel: (s) => `${s.day} को ${s.start} बजे की बुकिंग ${s.code} रद्द करें?`,
  yesCancel: 'हाँ, रद्द करें',
  keep: 'नहीं, रहने दें',
  cancelled: (code) => smsAnswers('hi').cancelled(code),
  kept: 'आपकी बुकिंग में कोई बदलाव नहीं हुआ।',
  moved: (s) => `बुकिंग ${s.code} अब ${s.day} को ${s.start} बजे है। आपका नया गेट पास:`,
  moveRequested: (s) => `${s.code} को ${s.day} ${s.start} बजे करने का अनुरोध मंज़ूरी के लिए हब को भेज दिया गया है।`,
  askArrival: 'अपना बुकिंग कोड भेजें, या अपनी लोकेशन शेयर करें।',
  locationUnknown: 'यहाँ लोकेशन से चेक-इन नहीं हो सकता। कृपया अपना बुकिंग कोड भेजें।',
  tooFarFromHub: (s) => `आप ${s.hub} से ${s.km} किमी दूर हैं। गेट पर पहुँचकर अपना बुकिंग कोड भेजें।`,
  notYourCode: renderTemplate('sms_unknown_code', 'hi', {}),
  proceedToDoor: (door) => `आपका चेक-इन हो गया। आपका डॉक ${door} है, अभी आगे बढ़ें।`,
  waitInHolding: 'आपका चेक-इन हो गया। कृपया होल्डिंग एरिया में इंतज़ार करें; हम आपको डॉक का संदेश भेजेंगे।',
  whatsappWithdrawn: (link) =>
    `आपने WhatsApp पर संदेश न भेजने को कहा है, इसलिए यह चैट बंद है।${link ? ` फिर से चालू करने के लिए: ${link}` : ''}`,
  tryAgain: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  statuses: {
    pending_approval: 'स्वीकृति की प्रतीक्षा में',
    scheduled: 'निर्धारित',
    arrived: 'पहुँच गए',
    loading: 'लोडिंग',
    unloading: 'अनलोडिंग',
    departed: 'रवाना',
    cancelled: 'रद्द',
    no_show: 'नहीं आए',
  },
  noDoorYet: 'अभी तय नहीं',
  notCancellableBecause: (status) => `यह ${status} है`,
  cutoffPassed: 'बदलाव की समय-सीमा निकल गई',
};

export const CHAT_TEXTS: Record<Language, ChatTexts> = { en, hi };

/** A hub's day as a chat names it: "Thu, 31 Dec" / "गुरु, 31 दिस॰" (the date is the hub's own day). */
export function dayLabel(date: string, language: Language): string {
  return dateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** A vehicle as a chat shows it: "Truck · 16 t" / "ट्रक · 16 टन". */
const VEHICLE_NAMES: Record<Language, Record<string, string>> = {
  en: { Truck: 'Truck', Trailer: 'Trailer', Container: 'Container', Van: 'Van', Tanker: 'Tanker' },
  hi: { Truck: 'ट्रक', Trailer: 'ट्रेलर', Container: 'कंटेनर', Van: 'वैन', Tanker: 'टैंकर' },
};
export const vehicleLabel = (type: string, tons: number, language: Language) =>
  `${VEHICLE_NAMES[language][type] ?? type} · ${tons} ${language === 'hi' ? 'टन' : 't'}`;
export const vehicleTypeName = (type: string, language: Language) => VEHICLE_NAMES[language][type] ?? type;
