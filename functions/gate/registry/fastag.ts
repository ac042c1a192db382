// FASTAG/01: the vehicle's tag status and its recent toll crossings.
import { innerResponse, text } from './envelope';
import { SourceUnavailableError, type FastagRecord, type RegistryAdapter } from './port';

interface FastagAnswer {
  vehicle?: { vehicleNumber?: unknown; tagStatus?: unknown; vehltxnList?: { txn?: { readerReadTime?: unknown }[] } };
}

const STATUSES: Record<string, FastagRecord['tagStatus']> = {
  ACTIVE: 'ACTIVE',
  INACTIVE: 'INACTIVE',
  BLACKLISTED: 'BLACKLISTED',
  BLACKLIST: 'BLACKLISTED',
  LOW_BALANCE: 'ACTIVE',
};

export const fastag: RegistryAdapter<'FASTAG'> = {
  source: 'FASTAG',
  path: '/ulip/v1.0.0/FASTAG/01',
  async lookup(call, vehicleNumber) {
    const answer = innerResponse('FASTAG', await call(this.path, { vehiclenumber: vehicleNumber })) as FastagAnswer;
    const status = STATUSES[String(text(answer?.vehicle?.tagStatus) ?? '').toUpperCase()];
    if (!status) throw new SourceUnavailableError('FASTAG', 'answered no tag status');
    const crossings = answer.vehicle?.vehltxnList?.txn ?? [];
    return {
      vehicleNumber: (text(answer.vehicle?.vehicleNumber) ?? vehicleNumber).toUpperCase(),
      tagStatus: status,
      lastCrossing: text(crossings[0]?.readerReadTime),
      crossings: Array.isArray(crossings) ? crossings : [],
    };
  },
};
