// Toasts: at most one visible at a time (a new one replaces the old), default and destructive
// variants, a viewport at most 420 px wide on larger screens.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { i18n } from './i18n';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastState extends ToastInput {
  id: number;
}

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);
const TOAST_DURATION_MS = 5000;

/**
 * The open modal dialog, if any: a modal <dialog> makes the rest of the page inert (unseen by
 * assistive technology, unclickable), so the toasts are shown inside it while it is open.
 */
function useModalHost(): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const isModal = (d: Element) => {
      try {
        return d.matches(':modal');
      } catch {
        return true;
      }
    };
    const find = () =>
      setHost([...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].filter(isModal).at(-1) ?? null);
    const observer = new MutationObserver(find);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    find();
    return () => observer.disconnect();
  }, []);
  return host;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((t: ToastInput) => setToast({ ...t, id: Date.now() + Math.random() }), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const value = useMemo(() => show, [show]);
  const modalHost = useModalHost();
  const viewport = (
    <div
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col p-4 sm:bottom-0 sm:right-0 sm:left-auto sm:top-auto sm:max-w-[420px]"
      aria-live="polite"
    >
      {toast && (
        <div
          key={toast.id}
          role={toast.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
          className={`pointer-events-auto relative w-full rounded-md border p-4 pr-8 shadow-lg ${
            toast.variant === 'destructive'
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="text-sm font-semibold">{toast.title}</div>
          {toast.description && <div className="mt-1 text-sm opacity-90">{toast.description}</div>}
          <button
            type="button"
            aria-label={i18n.t('common.close')}
            className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
            onClick={() => setToast(null)}
          >
            {/* The close cross drawn inline: every page shows toasts, and the icon library is not first-load code. */}
            <svg
              className="h-4 w-4"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              aria-hidden
            >
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
  return (
    <ToastContext.Provider value={value}>
      {children}
      {modalHost ? createPortal(viewport, modalHost) : viewport}
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs ToastProvider');
  return { toast: show };
}
