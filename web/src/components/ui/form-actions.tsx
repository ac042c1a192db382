import { Button } from './button';

/** Cancel and submit at the foot of a dialog form; the submit reads 'Saving...' while pending. */
export function FormActions({ onCancel, pending, submitLabel, disabled, className = '' }: { onCancel: () => void; pending: boolean; submitLabel: string; disabled?: boolean; className?: string }) {
  return (
    <div className={`flex justify-end gap-2 ${className}`}>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending || disabled}>
        {pending ? 'Saving...' : submitLabel}
      </Button>
    </div>
  );
}
