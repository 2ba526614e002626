import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

/** A button that says what it is doing while its action runs (Signing in..., Processing...), disabled meanwhile. */
export function PendingButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: ButtonProps & { pending: boolean; pendingLabel: ReactNode }) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending ? (
        <>
          <Spinner />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
