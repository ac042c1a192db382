import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { inputClasses } from './field';
import { useServerText } from '../../lib/server-text';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, error: message, options, placeholder, id, className = '', ...props }, ref) {
  const error = useServerText()(message);
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select ref={ref} id={selectId} aria-invalid={error ? true : undefined} aria-describedby={error ? `${selectId}-message` : undefined} className={inputClasses} {...props}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${selectId}-message`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
});
