import * as SliderPrimitive from '@radix-ui/react-slider';
import { cn } from '../../lib/cn';

/** A single-thumb slider; `label` names it for assistive technology. */
export function Slider({
  className,
  label,
  ...props
}: Omit<SliderPrimitive.SliderProps, 'aria-label'> & { label: string }) {
  return (
    <SliderPrimitive.Root
      className={cn('relative flex h-5 w-full touch-none select-none items-center', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={label}
        className="block size-5 rounded-full border-2 border-primary bg-surface shadow transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
    </SliderPrimitive.Root>
  );
}
