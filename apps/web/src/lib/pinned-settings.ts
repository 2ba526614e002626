import {
  type ConversionSettings,
  conversionSettingsSchema,
  defaultConversionSettings,
} from '@vectrace/contract';

const KEY = 'vectrace.pinned-settings';

/**
 * The settings a new image starts from: the defaults (Auto), unless the person pinned their own
 * ("Use these settings for new images"). Kept in this browser; a pin that no longer reads as
 * settings (an older version's) is dropped.
 */
export function startingSettings(): ConversionSettings {
  return pinnedSettings() ?? { ...defaultConversionSettings };
}

export function pinnedSettings(): ConversionSettings | null {
  try {
    const parsed = conversionSettingsSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? { ...defaultConversionSettings, ...parsed.data } : null;
  } catch {
    return null;
  }
}

export function pinSettings(settings: ConversionSettings | null): void {
  if (settings) localStorage.setItem(KEY, JSON.stringify(settings));
  else localStorage.removeItem(KEY);
}
