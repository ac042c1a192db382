// The public landing page (/ when signed out).
import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { BarChart3, CalendarClock, MessageSquare, QrCode, Radar, ShieldCheck, Star } from 'lucide-react';
import { PATHS } from '@shared/navigation';
import { GuestBookingDialog, loadGuestBookingDialog } from '../components/lazy-guest-booking-dialog';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PublicHeader } from '../../../components/public-header';
import { SiteFooter } from '../../../components/site-footer';
import { QUICK_SLOT_BOOKING_HASH } from '../static-page';
import { STATIC_ACTION_ATTRIBUTE, STATIC_ACTIONS } from '../../../lib/static-actions';

const loadBookingDialog = () => void loadGuestBookingDialog();

const FEATURES = [
  { key: 'tracking', icon: Radar },
  { key: 'scheduling', icon: CalendarClock },
  { key: 'analytics', icon: BarChart3 },
  { key: 'messaging', icon: MessageSquare },
  { key: 'qr', icon: QrCode },
  { key: 'drivers', icon: ShieldCheck },
] as const;

const STATS = [
  { value: '75%', key: 'wait' },
  { value: '50%', key: 'cost' },
  { value: '90%', key: 'visibility' },
  { value: '24/7', key: 'support' },
] as const;

export function LandingRoute() {
  const { t } = useTranslation();
  // /book/<facility link> opens Quick Slot Booking for that facility (tenancy, issue #18).
  const { link } = useParams();
  // /#quick-slot-booking opens it too: the static landing page's button starts the app there.
  const location = useLocation();
  const navigate = useNavigate();
  const [openedByAddress] = useState(location.hash === QUICK_SLOT_BOOKING_HASH);
  const [bookingOpen, setBookingOpen] = useState(Boolean(link) || openedByAddress);
  // Opened by the address (the static page's button was pressed, and this page replaced it): the
  // dialog gives focus back to this page's button, as if it had been pressed here. A layout effect
  // runs before the dialog's own effect notes what had focus.
  const bookingButton = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (openedByAddress) bookingButton.current?.focus();
  }, [openedByAddress]);
  // Mounted from its first opening on, so closing and reopening keeps what the guest typed.
  const [bookingShown, setBookingShown] = useState(bookingOpen);
  return (
    <div className="min-h-screen bg-white">
      <PublicHeader
        actions={
          <Button
            variant="secondary"
            ref={bookingButton}
            {...{ [STATIC_ACTION_ATTRIBUTE]: STATIC_ACTIONS.booking }}
            onPointerEnter={loadBookingDialog}
            onFocus={loadBookingDialog}
            onClick={() => {
              setBookingShown(true);
              setBookingOpen(true);
            }}
          >
            {t('landing.quickSlotBooking')}
          </Button>
        }
      />

      <main>
        <section className="bg-gradient-to-b from-blue-50 to-white">
          <div className="mx-auto max-w-6xl px-4 py-16 text-center">
            <h1 className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              {t('landing.heroTitle')}
            </h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{t('landing.heroText')}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to={PATHS.signup} className={buttonClasses('primary')}>
                {t('landing.getStarted')}
              </Link>
              <Link to={PATHS.signup} className={buttonClasses('secondary')}>
                {t('landing.startTrial')}
              </Link>
              <Link to="/training" className={buttonClasses('ghost')}>
                {t('landing.watchDemo')}
              </Link>
              <Link to="/contact" className={buttonClasses('ghost')}>
                {t('landing.contactSales')}
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-500">{t('landing.trial')}</p>
            <dl className="mx-auto mt-12 grid max-w-4xl grid-cols-2 gap-6 sm:grid-cols-4">
              {STATS.map((s) => (
                <div key={s.key} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <dt className="text-sm text-slate-600">{t(`landing.stats.${s.key}`)}</dt>
                  <dd className="order-first text-3xl font-bold text-blue-800">{s.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="features-title">
          <h2 id="features-title" className="text-center text-2xl font-bold">
            {t('landing.featuresTitle')}
          </h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ key, icon: Icon }) => (
              <article key={key} className="rounded-lg border border-slate-200 p-6" data-testid="feature-card">
                <Icon className="h-8 w-8 text-blue-700" aria-hidden />
                <h3 className="mt-4 font-semibold">{t(`landing.features.${key}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-600">{t(`landing.features.${key}.text`)}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="bg-slate-50" aria-labelledby="testimonials-title">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2 id="testimonials-title" className="text-center text-2xl font-bold">
              {t('landing.testimonialsTitle')}
            </h2>
            <div className="mt-10 grid gap-6 md:grid-cols-3">
              {(['one', 'two', 'three'] as const).map((k) => (
                <figure
                  key={k}
                  className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200"
                  data-testid="testimonial"
                >
                  <div className="flex gap-0.5 text-amber-500" aria-hidden>
                    {Array.from({ length: 5 }, (_, i) => (
                      <Star key={i} className="h-4 w-4 fill-current" />
                    ))}
                  </div>
                  <blockquote className="mt-3 text-slate-700">“{t(`landing.testimonials.${k}.quote`)}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <div className="font-semibold">{t(`landing.testimonials.${k}.name`)}</div>
                    <div className="text-slate-500">{t(`landing.testimonials.${k}.role`)}</div>
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </section>
      </main>

      <SiteFooter />
      {bookingShown && (
        <Suspense fallback={null}>
          <GuestBookingDialog
            open={bookingOpen}
            onClose={() => {
              setBookingOpen(false);
              if (location.hash === QUICK_SLOT_BOOKING_HASH) void navigate({ hash: '' }, { replace: true });
            }}
            facility={link}
          />
        </Suspense>
      )}
    </div>
  );
}
