// /my-hubs/bookings (issue #59): one list of the carrier's bookings across its linked hubs, one day at a
// time, filtered by hub and status (the filters live in the address, so a link or a reload keeps them);
// booking at any linked hub, and each booking's driver, change and cancellation.
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSession } from '../../../lib/session';
import { DEFAULT_TIME_ZONE, localDateTime } from '@shared/time';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/field';
import { useCarrierDrivers, useMyHubs, useNetworkBookings } from '../api/identity';
import { loadLater } from '../../../lib/load-later';
import { BOOKING_STATUSES, BookingCard } from '../components/booking-card';
import { CarrierTabs, ListState } from '../components/carrier-tabs';

// The booking form (react-hook-form and the hub's appointment schema) is fetched when opened.
const BookingForm = loadLater(async () => (await import('../components/booking-form')).BookingForm, {
  fallback: null,
});

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

export function HubBookingsRoute() {
  const { t } = useTranslation();
  const ids = useId();
  const { hasPermission } = useSession();
  const [params, setParams] = useSearchParams();
  const filter = {
    date: params.get('date') || localDateTime(new Date(), DEFAULT_TIME_ZONE).date,
    hubId: params.get('hub') ?? '',
    status: params.get('status') ?? '',
  };
  const booking = params.get('book') === '1';
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const canBook = hasPermission('identity:book');
  const hubs = useMyHubs();
  const drivers = useCarrierDrivers(canBook);
  const bookings = useNetworkBookings(filter);
  const hubList = hubs.data ?? [];
  const list = bookings.data ?? [];
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <CarrierTabs />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{t('carrierIdentity.bookings.title')}</h1>
          <p className="text-sm text-slate-600">{t('carrierIdentity.bookings.intro')}</p>
        </div>
        {canBook && hubList.length > 0 && (
          <Button onClick={() => set({ book: '1' })}>{t('carrierIdentity.bookings.new')}</Button>
        )}
      </div>
      <fieldset className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold">{t('carrierIdentity.bookings.filters')}</legend>
        <FilterField id={`${ids}-hub`} label={t('carrierIdentity.bookings.hub')}>
          <select
            id={`${ids}-hub`}
            className={inputClasses}
            value={filter.hubId}
            onChange={(e) => set({ hub: e.target.value })}
          >
            <option value="">{t('carrierIdentity.bookings.allHubs')}</option>
            {hubList.map((hub) => (
              <option key={hub.tenantId} value={hub.tenantId}>
                {hub.hubName}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id={`${ids}-day`} label={t('carrierIdentity.bookings.day')}>
          <input
            id={`${ids}-day`}
            type="date"
            className={inputClasses}
            value={filter.date}
            onChange={(e) => set({ date: e.target.value })}
          />
        </FilterField>
        <FilterField id={`${ids}-status`} label={t('carrierIdentity.bookings.status')}>
          <select
            id={`${ids}-status`}
            className={inputClasses}
            value={filter.status}
            onChange={(e) => set({ status: e.target.value })}
          >
            <option value="">{t('carrierIdentity.bookings.allStatuses')}</option>
            {BOOKING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`carrierIdentity.bookings.statuses.${status}`)}
              </option>
            ))}
          </select>
        </FilterField>
      </fieldset>
      {!hubs.isLoading && hubList.length === 0 && !hubs.isError && (
        <ListState>{t('carrierIdentity.bookings.noHubs')}</ListState>
      )}
      {bookings.isLoading ? (
        <ListState>{t('carrierIdentity.bookings.loading')}</ListState>
      ) : bookings.isError ? (
        <ListState tone="error">{t('carrierIdentity.bookings.failed')}</ListState>
      ) : list.length === 0 ? (
        <ListState>{t('carrierIdentity.bookings.empty')}</ListState>
      ) : (
        <ul className="space-y-3" aria-label={t('carrierIdentity.bookings.list')}>
          {list.map((b) => (
            <BookingCard key={`${b.tenantId}/${b.appointment.id}`} booking={b} canBook={canBook} />
          ))}
        </ul>
      )}
      <Dialog open={booking && canBook} onClose={() => set({ book: null })} title={t('carrierIdentity.book.title')}>
        {booking && canBook && hubs.data && (
          <BookingForm
            hubs={hubList}
            drivers={drivers.data ?? []}
            hubId={filter.hubId}
            date={filter.date}
            onDone={() => set({ book: null })}
          />
        )}
      </Dialog>
    </div>
  );
}
