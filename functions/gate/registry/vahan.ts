// VAHAN/01: the vehicle's registration, answered as an XML document inside ULIP's JSON envelope.
// Read by vahan-xml.ts, loaded on the first VAHAN answer: the XML parser (~60 KB with its
// dependencies) stays out of the functions that reach this file only through another domain's index,
// and costs a cold start nothing until a gate check with VAHAN switched on runs.
import { innerResponse, registryDate, text } from './envelope';
import { SourceUnavailableError, type RegistryAdapter } from './port';

export const vahan: RegistryAdapter<'VAHAN'> = {
  source: 'VAHAN',
  path: '/ulip/v1.0.0/VAHAN/01',
  async lookup(call, vehicleNumber) {
    const xml = innerResponse('VAHAN', await call(this.path, { vehiclenumber: vehicleNumber }));
    const doc = typeof xml === 'string' ? ((await import('./vahan-xml')).readXml(xml) as { VehicleDetails?: Record<string, unknown> } | null) : null;
    if (!doc) throw new SourceUnavailableError('VAHAN', 'answer was not an XML document');
    const d = doc.VehicleDetails;
    if (!d || !text(d.rc_regn_no)) throw new SourceUnavailableError('VAHAN', 'answered an empty record');
    return {
      registrationNumber: text(d.rc_regn_no)!.toUpperCase(),
      status: text(d.rc_status) ?? 'UNKNOWN',
      fitnessUpto: registryDate(d.rc_fit_upto),
      insuranceUpto: registryDate(d.rc_insurance_upto),
      taxUpto: registryDate(d.rc_tax_upto),
      permitUpto: registryDate(d.rc_permit_valid_upto),
      pucUpto: registryDate(d.rc_pucc_upto),
      vehicleClass: text(d.rc_vh_class_desc),
    };
  },
};
