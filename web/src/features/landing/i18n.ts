// Texts of the guest Quick Slot Booking dialog (web/src/lib/i18n/catalogue.ts); the landing page's
// own texts are the core catalogue's `landing` section.
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const guestBookingEn = {
  title: 'Quick Slot Booking',
  confirmedTitle: 'Booking Confirmed!',
  confirmed: 'Your slot is booked. Confirmation code: {{code}}',
  failedTitle: 'Booking Failed',
  failed: 'Please check your details and try again',
  missingTitle: 'Missing Information',
  bookingAs: 'Booking as *',
  owners: { Driver: 'Driver', TruckOwner: 'Truck Owner', Transporter: 'Transporter' },
  vehicle: 'Vehicle',
  vehicleNumber: 'Vehicle number *',
  vehicleType: 'Vehicle type *',
  vehicleTypes: { Truck: 'Truck', Trailer: 'Trailer', Container: 'Container', Van: 'Van', Tanker: 'Tanker' },
  capacity: 'Capacity (tons) *',
  driver: 'Driver',
  driverName: 'Driver name *',
  driverLicense: 'Driving license *',
  mobileNumber: 'Mobile number *',
  ownerName: 'Owner name *',
  ownerContact: 'Owner contact number',
  load: 'Load',
  loadType: 'Load type',
  loadTypes: { inbound: 'Inbound', outbound: 'Outbound' },
  goodsType: 'Goods type',
  poNumber: 'PO number',
  quantity: 'PO quantity (units)',
  /** The quantity of a type that counts its load (issue #53): named by its unit, and asked. */
  quantityBy: { pallet: 'Pallets *', unit: 'Units *' },
  ewayBill: 'E-way bill',
  slotsFor: 'Time slots for {{date}}',
  chooseDate: 'Choose a date to see its slots',
  noSlots: 'No available slots for this date',
  slotsFailed: 'Could not load the time slots. Please try again.',
  timeSlots: 'Time slots',
  slotsLeft: '{{count}} slots left',
  cancel: 'Cancel',
  submit: 'Confirm Booking',
  submitting: 'Booking...',
  bookingAt: 'Booking at {{facility}} ({{company}})',
  doneTitle: 'Booking confirmed',
  // The words of a carrier's own booking while it waits (appointments' status label).
  awaitingTitle: 'Awaiting approval',
  awaitingApproval:
    'The facility approves bookings first. You will get a message when it is decided; the gate pass comes with the approval.',
  doneCode: 'Confirmation code',
  doneFacility: 'Facility',
  doneAddress: 'Address',
  doneWhen: 'Date and time',
  doneTime: '{{start}} - {{end}} ({{zone}})',
  doneDoor: 'Dock door',
  doneDoorLater: 'Assigned at the gate',
  doneGatePass: 'Gate pass',
  doneGatePassHint: 'Show this QR code at the gate. Keep your confirmation code too.',
  printGatePass: 'Print gate pass',
  gatePassLapses:
    'This pass is valid only until {{until}}, before your slot ends at {{end}}, so it is not offered for printing. Show it on your phone or ask the facility for a new pass.',
  doneGatePassAlt: 'Gate pass QR code for booking {{code}}',
  gatePassKept: 'Saved on this phone for use with no network.',
  openGatePass: 'Open gate pass (works offline)',
  doneSms: 'These details were also sent by SMS to {{phone}}.',
  /** Which channel carried the confirmation, or why none did (issue #53). */
  delivery: {
    sending: 'Sending these details by SMS to {{phone}}…',
    sentWhatsapp: 'These details were also sent on WhatsApp to {{phone}}.',
    unknown: 'We could not confirm that an SMS reached {{phone}}. Keep this page or note your confirmation code.',
    notSent: {
      no_dlt:
        'SMS not sent: this hub has not finished its SMS registration (DLT) yet. Keep this page or note your confirmation code.',
      opted_out:
        'No SMS sent: {{phone}} has turned off messages from this hub. Keep this page or note your confirmation code.',
      failed: 'The SMS to {{phone}} could not be sent. Keep this page or note your confirmation code.',
      no_number:
        'No SMS sent: {{phone}} is not an Indian mobile number. Keep this page or note your confirmation code.',
    },
  },
  addToCalendar: 'Add to calendar',
  calendarTitle: 'Dock slot at {{facility}}',
  calendarDescription: 'Confirmation code {{code}}. Show your gate pass at the gate.',
  close: 'Close',
  /** A booking link's booker's details kept on the device (issue #53). */
  willRemember:
    'After you book, your vehicle, driver and owner details are kept on this device for your next booking through this link.',
  remembered:
    'Your vehicle, driver and owner details are filled in from your last booking through this link on this device.',
  forget: 'Forget my details on this device',
} as const;

export const guestBookingText = defineCatalogue('guestBooking', guestBookingEn, () =>
  import('./i18n.hi').then((m) => m.guestBooking),
);
