// VAHAN/01: the vehicle's registration, answered as an XML document inside ULIP's JSON envelope.
// Read by vahan-xml.ts, loaded on the first VAHAN answer from a bundle of its own beside the
// function's (functions/lib/side-bundle.ts): the XML parser (~64 KB minified with its dependencies) is
// in no function's bundle, and costs a cold start nothing until a gate check with VAHAN switched on runs.
import { loadSideBundle, type SideBundle } from '../../lib/side-bundle';
import { innerResponse, registryDate, text } from './envelope';
import { SourceUnavailableError, type RegistryAdapter } from './port';

/** The XML reader, split off the bundles that run gate checks (LAMBDA_BUNDLING.sideBundles). */
export const VAHAN_XML_READER: SideBundle = {
  source: 'functions/gate/registry/vahan-xml.ts',
  bundled: 'vahan-xml.cjs',
};

export const vahan: RegistryAdapter<'VAHAN'> = {
  source: 'VAHAN',
  path: '/ulip/v1.0.0/VAHAN/01',
  async lookup(call, vehicleNumber) {
    const xml = innerResponse('VAHAN', await call(this.path, { vehiclenumber: vehicleNumber }));
    const doc =
      typeof xml === 'string'
        ? ((await loadSideBundle<typeof import('./vahan-xml')>(VAHAN_XML_READER)).readXml(xml) as {
            VehicleDetails?: Record<string, unknown>;
          } | null)
        : null;
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
