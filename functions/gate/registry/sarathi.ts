// SARATHI/01: the driving licence (status, classes of vehicle, transport validity).
import { innerResponse, registryDate, text } from './envelope';
import { SourceUnavailableError, type RegistryAdapter } from './port';

interface SarathiAnswer {
  dldetobj?: { dlobj?: Record<string, unknown>; dlcovs?: { covabbrv?: unknown }[] }[];
}

export const sarathi: RegistryAdapter<'SARATHI'> = {
  source: 'SARATHI',
  path: '/ulip/v1.0.0/SARATHI/01',
  async lookup(call, dlNumber, extra) {
    const answer = innerResponse(
      'SARATHI',
      await call(this.path, { dlnumber: dlNumber, ...(extra?.dob ? { dob: extra.dob } : {}) }),
    ) as SarathiAnswer;
    const detail = Array.isArray(answer?.dldetobj) ? answer.dldetobj[0] : undefined;
    const dl = detail?.dlobj;
    if (!dl || !text(dl.dlLicno)) throw new SourceUnavailableError('SARATHI', 'answered an empty record');
    return {
      dlNumber: text(dl.dlLicno)!.toUpperCase(),
      status: text(dl.dlStatus) ?? 'UNKNOWN',
      classes: (detail?.dlcovs ?? []).map((c) => text(c.covabbrv)).filter((c): c is string => Boolean(c)),
      transportValidUpto: registryDate(dl.dlTrValdtoDt),
      nonTransportValidUpto: registryDate(dl.dlNtValdtoDt),
    };
  },
};
