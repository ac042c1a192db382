// Carrier self-service's labels in English and Hindi (issue #32): sign-in by mobile number and code,
// and the facility's booking rules in /configuration.
import { defineCatalogue } from '../../lib/i18n/catalogue';

export const carrierPortalText = defineCatalogue('carrierPortal', {
  en: {
    mobile: {
      open: 'Sign in with mobile number',
      back: 'Sign in with password',
      number: 'Mobile number',
      numberPlaceholder: '98XXXXXXXX',
      send: 'Send code',
      sending: 'Sending...',
      code: '6-digit code',
      verify: 'Sign in',
      verifying: 'Signing In...',
      resend: 'Send a new code',
      failed: 'Sign-in failed',
    },
    rules: {
      title: 'Booking rules',
      description:
        'How far ahead carriers and guests may book, when changes close before a slot, and when drivers are reminded. Staff can override the change cut-off.',
      minLeadHours: 'Book at least (hours ahead)',
      maxLeadHours: 'Book at most (hours ahead)',
      nextDayCutoff: 'Bookings for the next day close at (facility time)',
      changeCutoffHours: 'Changes close (hours before the slot)',
      onePerVehiclePerDay: 'At most one open appointment per vehicle per day',
      reminderMinutes: 'Remind the driver (minutes before the slot)',
      none: 'Leave empty for no limit',
      save: 'Save booking rules',
      saved: 'Booking rules saved',
      failed: 'Could not save the booking rules',
    },
  },
  hi: {
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
      reminderMinutes: 'ड्राइवर को याद दिलाएँ (स्लॉट से मिनट पहले)',
      none: 'कोई सीमा न हो तो खाली छोड़ें',
      save: 'बुकिंग नियम सहेजें',
      saved: 'बुकिंग नियम सहेजे गए',
      failed: 'बुकिंग नियम सहेजे नहीं जा सके',
    },
  },
});
