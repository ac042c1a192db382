// EWAYBILL/01: the e-way bill's status, validity and the vehicle it is for.
import { ewaybillInstant, innerResponse, text } from './envelope';
import { SourceUnavailableError, type RegistryAdapter } from './port';

interface EwaybillAnswer {
  ewbNo?: unknown;
  status?: unknown;
  validUpto?: unknown;
  VehiclListDetails?: { vehicleNo?: unknown }[];
}

export const ewaybill: RegistryAdapter<'EWAYBILL'> = {
  source: 'EWAYBILL',
  path: '/ulip/v1.0.0/EWAYBILL/01',
  async lookup(call, ewbNumber) {
    const answer = innerResponse('EWAYBILL', await call(this.path, { ewbNo: ewbNumber })) as EwaybillAnswer;
    const status = String(text(answer?.status) ?? '').toUpperCase();
    if (!text(answer?.ewbNo) || !['ACT', 'ACTIVE', 'CNL', 'CANCELLED'].includes(status))
      throw new SourceUnavailableError('EWAYBILL', 'answered an empty record');
    const vehicles = Array.isArray(answer.VehiclListDetails) ? answer.VehiclListDetails : [];
    // The newest vehicle on the bill is the one carrying the goods now (Part-B updates append).
    const vehicle = text(vehicles[vehicles.length - 1]?.vehicleNo);
    return {
      ewbNumber: text(answer.ewbNo)!,
      status: status.startsWith('C') ? 'CANCELLED' : 'ACTIVE',
      validUpto: ewaybillInstant(answer.validUpto),
      vehicleNumber: vehicle ? vehicle.toUpperCase().replace(/\s+/g, '') : null,
    };
  },
};
