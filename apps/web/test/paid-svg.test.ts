import { describe, expect, it } from 'vitest';
import { pageMargin } from '../src/components/converter/viewer/use-paid-svg';

describe("the paid SVG's page in the viewer", () => {
  it('reads how far a page grown round a cut contour reaches beyond the image, so the image stays on the original', () => {
    expect(
      pageMargin('<svg xmlns="http://www.w3.org/2000/svg" width="216" height="216" viewBox="-8 -8 216 216">'),
    ).toBe(8);
    expect(
      pageMargin('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">'),
    ).toBe(0);
    expect(
      pageMargin('<svg xmlns="http://www.w3.org/2000/svg" width="110mm" viewBox="-2.5 -2.5 25 15">'),
    ).toBe(2.5);
  });
});
