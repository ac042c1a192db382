// The privacy notice's texts, one per language, and their version (privacy-notice.ts re-exports them
// beside the consent's schemas), apart from zod: the notice is shown on screens that load no schema.
import type { Language } from './messaging-templates';
import { DEFAULT_RETENTION } from './retention-limits';

export const NOTICE_VERSION = '2026-11-v1';

/** The notice, one per language. The contact line is filled with the facility's contact. */
export interface PrivacyNotice {
  summary: string;
  heading: string;
  sections: { title: string; text: string }[];
  contact: (who: string) => string;
  noContact: string;
}

// The tenant's retention policy may change them; the notice states the defaults (docs/privacy.md).
// Made by a call marked free of effects, so a bundle that needs only NOTICE_VERSION leaves the texts out.
export const PRIVACY_NOTICES: Record<Language, PrivacyNotice> = /* @__PURE__ */ notices(DEFAULT_RETENTION);

function notices({
  messageBodies,
  closedAppointments,
  checkinPhotos,
  fastagCrossings,
}: typeof DEFAULT_RETENTION): Record<Language, PrivacyNotice> {
  return {
    en: {
      heading: 'Privacy notice',
      summary:
        'We use your name, mobile number, licence and vehicle number to book your slot, let you in at the gate and tell you about your booking.',
      sections: [
        {
          title: 'What we collect',
          text: 'Driver name, mobile number, driving licence number, vehicle number and type, the load you bring, and the times you book, arrive and leave.',
        },
        {
          title: 'Why',
          text: 'To book and manage your slot, check you in at the gate, keep the facility safe and send you messages about your booking.',
        },
        {
          title: 'Messages',
          text: 'Service messages about your own booking (confirmation, gate pass, changes, sign-in codes) are sent by SMS whether or not you tick a box. WhatsApp messages are sent only if you agree. Other updates by SMS, and any offers, only if you agree. You can withdraw from the link in any message, or reply STOP to an SMS.',
        },
        {
          title: 'How long',
          text: `By default: message texts ${messageBodies} days, gate photos ${checkinPhotos} days, FASTag crossings ${fastagCrossings} hours, your name and numbers on a finished booking ${closedAppointments} days. Your driver record is kept until you ask for it to be erased.`,
        },
        {
          title: 'Your rights',
          text: 'You can see, download and correct your data, and ask for it to be erased, from "My data" after signing in, or by contacting the facility.',
        },
      ],
      contact: (who) => `Contact: ${who}`,
      noContact: 'Contact: the facility where you book',
    },
    hi: {
      heading: 'गोपनीयता सूचना',
      summary:
        'हम आपका नाम, मोबाइल नंबर, लाइसेंस और वाहन नंबर आपका स्लॉट बुक करने, गेट पर प्रवेश देने और आपकी बुकिंग की जानकारी भेजने के लिए उपयोग करते हैं।',
      sections: [
        {
          title: 'हम क्या लेते हैं',
          text: 'ड्राइवर का नाम, मोबाइल नंबर, ड्राइविंग लाइसेंस नंबर, वाहन नंबर और प्रकार, आपका माल, और बुकिंग, आने व जाने का समय।',
        },
        {
          title: 'क्यों',
          text: 'आपका स्लॉट बुक और प्रबंधित करने, गेट पर चेक-इन करने, सुविधा को सुरक्षित रखने और आपकी बुकिंग के संदेश भेजने के लिए।',
        },
        {
          title: 'संदेश',
          text: 'आपकी अपनी बुकिंग के सेवा संदेश (पुष्टि, गेट पास, बदलाव, साइन-इन कोड) SMS से भेजे जाते हैं, चाहे आप बॉक्स पर टिक करें या नहीं। WhatsApp संदेश केवल आपकी सहमति से भेजे जाते हैं। SMS से अन्य अपडेट और कोई ऑफ़र भी केवल आपकी सहमति से। किसी भी संदेश के लिंक से सहमति वापस ले सकते हैं, या SMS पर STOP भेजें।',
        },
        {
          title: 'कितने समय तक',
          text: `सामान्य रूप से: संदेशों का पाठ ${messageBodies} दिन, गेट की फ़ोटो ${checkinPhotos} दिन, FASTag क्रॉसिंग ${fastagCrossings} घंटे, पूरी हुई बुकिंग पर आपका नाम और नंबर ${closedAppointments} दिन। आपका ड्राइवर रिकॉर्ड तब तक रखा जाता है जब तक आप उसे मिटाने के लिए न कहें।`,
        },
        {
          title: 'आपके अधिकार',
          text: 'साइन इन करके "मेरा डेटा" से आप अपना डेटा देख, डाउनलोड और सुधार सकते हैं और मिटाने के लिए कह सकते हैं, या सुविधा से संपर्क करें।',
        },
      ],
      contact: (who) => `संपर्क: ${who}`,
      noContact: 'संपर्क: वह सुविधा जहाँ आप बुक करते हैं',
    },
  };
}
