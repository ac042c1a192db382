// A guest's booking body as the booking link form sends it (issue #36): a driver booking for
// themself in Hindi, with the notice version they saw and their WhatsApp opt-in. Shared by the
// integration tests and the journeys, so both book the same way.
export const guestBookingInHindi = (facility: string, mobileNumber: string, slotId: string, whatsapp: boolean) => ({
  ownerType: 'Driver',
  vehicleNumber: 'MH14GH2210',
  vehicleType: 'Truck',
  capacityTons: 9,
  driverName: 'Sunita Pawar',
  driverLicense: 'MH1420190055555',
  mobileNumber,
  expectedArrivalDate: new Date().toISOString(),
  slotId,
  facility,
  language: 'hi',
  consent: { noticeVersion: '2026-11-v1', language: 'hi', messaging: { sms: false, whatsapp } },
});
