// Asks before something that cannot be undone (a delete): what will happen, Cancel, and the act itself
// on a red button. Nothing is done until the act is confirmed; Cancel, Escape and the close button leave
// everything as it was.
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { Button } from './button';
import { Dialog } from './dialog';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  /** What confirming does, and what it leaves as it is. */
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      <div className="space-y-4">
        <div className="text-sm text-slate-700">{children}</div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" disabled={pending} onClick={onConfirm}>
            {pending ? t('common.saving') : confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
