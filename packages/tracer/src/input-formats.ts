/** The image types the engine reads, as their first bytes announce them. */
export const imageTypes = ['png', 'jpeg', 'webp', 'gif', 'bmp', 'tiff'] as const;
export type ImageType = (typeof imageTypes)[number];

/** Each type's name as a person writes it. */
export const imageTypeNames: Record<ImageType, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  gif: 'GIF',
  bmp: 'BMP',
  tiff: 'TIFF',
};

/** The file name endings that go with each type. */
export const imageTypeExtensions: Record<ImageType, readonly string[]> = {
  png: ['.png'],
  jpeg: ['.jpg', '.jpeg'],
  webp: ['.webp'],
  gif: ['.gif'],
  bmp: ['.bmp'],
  tiff: ['.tif', '.tiff'],
};

/** The types in a sentence: "PNG, JPEG, WebP, GIF, BMP or TIFF". */
export const imageTypeWords = `${imageTypes
  .slice(0, -1)
  .map((type) => imageTypeNames[type])
  .join(', ')} or ${imageTypeNames.tiff}`;
