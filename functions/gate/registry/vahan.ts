// VAHAN/01: the vehicle's registration, answered as an XML document inside ULIP's JSON envelope.
// Read with fast-xml-parser (a maintained parser, no regular expressions over XML).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { innerResponse, registryDate, text } from './envelope';
import { SourceUnavailableError, type RegistryAdapter } from './port';

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: false });

export const vahan: RegistryAdapter<'VAHAN'> = {
  source: 'VAHAN',
  path: '/ulip/v1.0.0/VAHAN/01',
  async lookup(call, vehicleNumber) {
    const xml = innerResponse('VAHAN', await call(this.path, { vehiclenumber: vehicleNumber }));
    if (typeof xml !== 'string' || XMLValidator.validate(xml) !== true) throw new SourceUnavailableError('VAHAN', 'answer was not an XML document');
    const doc = parser.parse(xml) as { VehicleDetails?: Record<string, unknown> };
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
