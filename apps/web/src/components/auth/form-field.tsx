import { cloneElement, type ReactElement } from 'react';
import { Label } from '../ui/input';

/** A labelled field with its validation message under it, linked for assistive technology. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const messageId = `${id}-message`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? messageId : undefined,
      })}
      {error ? (
        <p id={messageId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
