import { describe, expect, it } from 'vitest';
import { lightTextPanels } from '../src/ink/panels.js';

const WIDTH = 200;
const HEIGHT = 40;

/**
 * Ink levels of a selected row: paper (0) around a bar 14 px high at `bar` (lighter than the cut
 * of 0.5, as a mid-blue bar on a white screen is), holding `strokes` one pixel wide, 8 px high and
 * 4 px apart, at `text` (0: white text).
 */
function selectedRow(bar: number, text: number): Uint8Array {
  const levels = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 13; y < 27; y++) for (let x = 10; x < 190; x++) levels[y * WIDTH + x] = bar;
  for (let y = 16; y < 24; y++) for (let x = 20; x < 180; x += 4) levels[y * WIDTH + x] = text;
  return levels;
}

describe('light text on a panel, in black and white', () => {
  it('reads a mid-tone bar holding white text as ink, its text as paper', () => {
    const read = lightTextPanels(selectedRow(116, 0), WIDTH, HEIGHT, 0.5);
    expect(read).toBeDefined();
    const at = (x: number, y: number) => (read as Uint8Array)[y * WIDTH + x];
    // The bar beside the text is full ink, the strokes stay paper, the page around stays paper.
    expect(at(15, 20)).toBeGreaterThan(127);
    expect(at(22, 14)).toBeGreaterThan(127);
    expect(at(20, 20)).toBeLessThan(128);
    expect(at(60, 18)).toBeLessThan(128);
    expect(at(5, 20)).toBe(0);
  });

  it('leaves a bar with no light text, or with dark text, as it is', () => {
    expect(lightTextPanels(selectedRow(116, 116), WIDTH, HEIGHT, 0.5)).toBeUndefined();
    expect(lightTextPanels(selectedRow(116, 255), WIDTH, HEIGHT, 0.5)).toBeUndefined();
  });
});
