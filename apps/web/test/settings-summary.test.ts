import { defaultConversionSettings } from '@vectrace/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../src/lib/api';
import { settingsSummary } from '../src/lib/modes';
import { presets } from '../src/lib/presets';

describe('the settings a result was made with', () => {
  it('names the preset, the mode and the controls that apply to it', () => {
    expect(settingsSummary(defaultConversionSettings)).toEqual([
      'Auto settings',
      'Mode Auto',
      'Smoothness 50',
      'Threshold 30',
      'Corners Auto',
      'Quality Standard',
      'Colors Auto',
    ]);
    const logo = presets.find((preset) => preset.name === 'Logo');
    expect(logo && settingsSummary(logo.settings).slice(0, 2)).toEqual([
      'Logo settings',
      'Mode Black & white',
    ]);
  });

  it('says Custom once a control is moved off a preset, and leaves out what the mode ignores', () => {
    const color = settingsSummary({ ...defaultConversionSettings, mode: 'color', smoothness: 73, colors: 8 });
    expect(color[0]).toBe('Custom settings');
    expect(color).toContain('Smoothness 73');
    expect(color).toContain('Colors 8');
    expect(color.some((part) => part.startsWith('Threshold'))).toBe(false);
  });

  it('says when light lines on a dark ground were the ink, where the mode reads ink', () => {
    const bw = settingsSummary({ ...defaultConversionSettings, mode: 'bw', invert: true });
    expect(bw).toContain('Light lines on a dark ground');
    expect(bw[0]).toBe('Custom settings');
    const color = settingsSummary({ ...defaultConversionSettings, mode: 'color', invert: true });
    expect(color).not.toContain('Light lines on a dark ground');
  });

  it('says when smooth shading was traced as gradients, where the mode may trace in color', () => {
    for (const mode of ['color', 'auto'] as const) {
      expect(settingsSummary({ ...defaultConversionSettings, mode, gradients: true })).toContain(
        'Smooth shading as gradients',
      );
    }
    expect(settingsSummary({ ...defaultConversionSettings, mode: 'bw', gradients: true })).not.toContain(
      'Smooth shading as gradients',
    );
    expect(settingsSummary(defaultConversionSettings)).not.toContain('Smooth shading as gradients');
  });
});

describe('what a failed request says', () => {
  it("gives the server's sentence, and never the browser's 'Failed to fetch'", () => {
    expect(errorMessage(new ApiError(413, 'The image is larger than 10 MB.'), 'x')).toBe(
      'The image is larger than 10 MB.',
    );
    const unreachable = errorMessage(new TypeError('Failed to fetch'), 'x');
    expect(unreachable).not.toContain('Failed to fetch');
    expect(unreachable).toMatch(/^(The server could not be reached|You are offline)/);
  });
});
