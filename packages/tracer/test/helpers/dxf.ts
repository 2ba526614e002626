import dxfParserModule from 'dxf-parser';

// dxf-parser is CommonJS: its class is the default export under some loaders, the module under others.
const DxfParser = ((dxfParserModule as { default?: unknown }).default ??
  dxfParserModule) as typeof dxfParserModule.default;

/** A DXF file as dxf-parser reads it. */
export function parseDxf(dxf: string) {
  const parsed = new DxfParser().parseSync(dxf);
  if (!parsed) throw new Error('dxf-parser returned nothing');
  return parsed;
}
