/**
 * Below the desktop layout, the result's actions (pay, or download) sit in a bar fixed along the
 * bottom of the screen, so they stay in view whatever is scrolled; from `lg` up they are part
 * of the side panel, which keeps them in view itself.
 */
export const dockedBar =
  'max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:rounded-none max-lg:border-x-0 max-lg:border-b-0 max-lg:px-3 max-lg:py-2.5 max-lg:shadow-[0_-4px_16px_rgb(15_23_42/0.12)]';
