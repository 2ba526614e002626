import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-primary-soft text-primary',
  neutral: 'bg-muted text-muted-foreground',
  success: 'bg-success-soft text-success',
} as const;

export function Badge({
  variant = 'default',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
