import { type ConversionSettings, defaultConversionSettings } from '@vectrace/contract';
import { describe, expect, it } from 'vitest';
import { describeSettings } from '../src/lib/history';
import { addColors, checkCutContour, checkStrokeWidth, convertOffset } from '../src/lib/maker-options';
import { presetOf, presets } from '../src/lib/presets';

const settings = (changes: Partial<ConversionSettings>): ConversionSettings => ({
  ...defaultConversionSettings,
  ...changes,
});

describe("the makers' options as typed", () => {
  it('reads a stroke width: empty is Auto, 1 to 100 pixels are taken, the rest refused with the server’s words', () => {
    expect(checkStrokeWidth('')).toEqual({ value: 'auto' });
    expect(checkStrokeWidth(' 2.5 ')).toEqual({ value: 2.5 });
    const refused = { problem: 'Stroke width must be a number of pixels from 1 to 100, or auto' };
    expect(checkStrokeWidth('0')).toEqual(refused);
    expect(checkStrokeWidth('120')).toEqual(refused);
    expect(checkStrokeWidth('thick')).toEqual(refused);
  });

  it('reads a cut contour offset in its unit, up to 50 mm', () => {
    expect(checkCutContour('2', 'mm')).toEqual({ value: { offset: 2, unit: 'mm' } });
    expect(checkCutContour('0', 'px')).toEqual({ value: { offset: 0, unit: 'px' } });
    const refused = { problem: 'Cut contour must be an offset from 0 to 50 mm (in px, mm or in)' };
    expect(checkCutContour('', 'mm')).toEqual(refused);
    expect(checkCutContour('51', 'mm')).toEqual(refused);
    expect(checkCutContour('2', 'in')).toEqual(refused);
    expect(checkCutContour('-1', 'px')).toEqual(refused);
  });

  it('keeps an offset when its unit changes, never past the limit', () => {
    expect(convertOffset(2, 'mm', 'px')).toBe(8);
    expect(convertOffset(2, 'mm', 'in')).toBe(0.08);
    expect(convertOffset(0.5, 'in', 'mm')).toBe(12.7);
    expect(convertOffset(50, 'mm', 'in')).toBe(1.96);
    expect(checkCutContour(String(convertOffset(50, 'mm', 'px')), 'px')).toHaveProperty('value');
  });

  it('adds typed colors to a palette: lists, short hex and no #, each color once, at most 32', () => {
    expect(addColors([], '#E4002B')).toEqual({ value: ['#e4002b'] });
    expect(addColors(['#e4002b'], 'e4002b, #000, 1a1a1a')).toEqual({
      value: ['#e4002b', '#000000', '#1a1a1a'],
    });
    expect(addColors([], 'red')).toEqual({
      problem: 'Write a color as #rrggbb, and several separated by commas',
    });
    const full = Array.from({ length: 32 }, (_, i) => `#0000${i.toString(16).padStart(2, '0')}`);
    expect(addColors(full, '#ffffff')).toEqual({ problem: 'A palette holds up to 32 colors' });
  });
});

describe('settings in a few words', () => {
  it('names the makers’ options that differ from the defaults', () => {
    expect(
      describeSettings(
        settings({
          mode: 'color',
          palette: ['#000000', '#ffffff', '#e4002b'],
          layering: 'cutout',
          background: 'remove',
          shapes: true,
          cutContour: { offset: 2, unit: 'mm' },
        }),
      ),
    ).toBe('Color (auto), palette of 3, background removed, cut-out layers, true shapes, cut contour 2 mm');
    expect(describeSettings(settings({ mode: 'centerline', strokeWidth: 3, trace: 'alpha' }))).toBe(
      'Centerline, transparency silhouette, stroke 3 px',
    );
  });

  it('names smooth shading as gradients where the mode may trace in color', () => {
    expect(describeSettings(settings({ mode: 'color', gradients: true }))).toBe('Color (auto), gradients');
    expect(describeSettings(settings({ mode: 'bw', gradients: true }))).toBe('Black & white');
  });

  it('leaves out options the mode does not use', () => {
    expect(
      describeSettings(settings({ mode: 'bw', palette: ['#000000'], layering: 'cutout', strokeWidth: 3 })),
    ).toBe('Black & white');
    expect(describeSettings(settings({ mode: 'pixel', shapes: true }))).toBe('Pixel art');
  });

  it('names light lines on a dark ground where the mode reads ink, and not in color or pixel art', () => {
    expect(describeSettings(settings({ mode: 'centerline', invert: true }))).toBe(
      'Centerline, light lines on a dark ground',
    );
    expect(describeSettings(settings({ mode: 'bw', invert: true }))).toBe(
      'Black & white, light lines on a dark ground',
    );
    expect(describeSettings(settings({ mode: 'color', invert: true }))).toBe('Color (auto)');
    expect(describeSettings(settings({ mode: 'pixel', invert: true }))).toBe('Pixel art');
  });
});

describe('presets', () => {
  it('are recognised in settings brought back from the server, whose palette is a copy', () => {
    const logo = presets.find((preset) => preset.name === 'Logo');
    const brought = JSON.parse(JSON.stringify(logo?.settings)) as ConversionSettings;
    expect(presetOf(brought)).toBe(logo);
  });

  it('set the makers’ options to their defaults, and none is chosen once one of them is changed', () => {
    for (const preset of presets) {
      expect(preset.settings.cutContour).toBeNull();
      expect(preset.settings.palette).toEqual([]);
    }
    const logo = presets.find((preset) => preset.name === 'Logo') as (typeof presets)[number];
    expect(presetOf({ ...logo.settings, cutContour: { offset: 2, unit: 'mm' } })).toBeUndefined();
  });
});
