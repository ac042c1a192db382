// A labelled form field with its validation message, wired for screen readers.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useServerText } from '../../lib/server-text';

export const inputClasses =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 disabled:bg-slate-100 aria-[invalid=true]:border-red-600';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** The control's id, its message (in the reader's language) and the attributes that tie the two together. */
export function useFieldMessage(id: string | undefined, message: string | undefined, hint?: ReactNode) {
  const error = useServerText()(message); // the shared schemas' and the API's messages in the reader's language
  const generated = useId();
  const controlId = id ?? generated;
  const messageId = `${controlId}-message`;
  const described = Boolean(error || hint);
  return {
    controlId,
    controlProps: {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described ? messageId : undefined,
    },
    message: error ? (
      <p id={messageId} role="alert" className="mt-1 text-sm text-red-600">
        {error}
      </p>
    ) : hint ? (
      <p id={messageId} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
    ) : null,
  };
}

/** The label above the control and its message below: one frame for every kind of field. */
export function FieldFrame({
  label,
  controlId,
  message,
  className,
  children,
}: {
  label: ReactNode;
  controlId: string;
  message: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {message}
    </div>
  );
}

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, id, className = '', ...props },
  ref,
) {
  const { controlId, controlProps, message } = useFieldMessage(id, error, hint);
  return (
    <FieldFrame label={label} controlId={controlId} message={message} className={className}>
      <input ref={ref} className={inputClasses} {...controlProps} {...props} />
    </FieldFrame>
  );
});

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className = '', rows = 3, ...props },
  ref,
) {
  const { controlId, controlProps, message } = useFieldMessage(id, error, hint);
  return (
    <FieldFrame label={label} controlId={controlId} message={message} className={className}>
      <textarea ref={ref} rows={rows} className={inputClasses} {...controlProps} {...props} />
    </FieldFrame>
  );
});
