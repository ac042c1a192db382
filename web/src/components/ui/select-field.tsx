import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldFrame, inputClasses, useFieldMessage } from './field';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string;
  /** A note under the control (read with it), shown while there is no error. */
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, options, placeholder, id, className = '', ...props },
  ref,
) {
  const { controlId, controlProps, message } = useFieldMessage(id, error, hint);
  return (
    <FieldFrame label={label} controlId={controlId} message={message} className={className}>
      <select ref={ref} className={inputClasses} {...controlProps} {...props}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});
