import { TraceError } from '../errors.js';
import type { Color, Layer, Subpath, VectorImage } from '../model.js';
import { nearestAci } from './aci.js';
import { writeSubpath } from './dxf-entities.js';
import { DxfWriter } from './dxf-writer.js';
import { type OutputSize, pageOf, type SizeUnit, scaleModel, unitsPerPixel } from './size.js';

/** Options of {@link toDxf}. */
export interface DxfOptions {
  /** Largest distance, in pixels, between a curve and the polyline that replaces it; default 0.05. */
  tolerance?: number;
  /** The drawing's width in millimetres or inches ($INSUNITS 4 or 1); px stays unitless. */
  size?: OutputSize;
}

// $INSUNITS codes: 0 unitless, 1 inches, 4 millimetres. A CSS pixel has no CAD unit.
const insUnits: Record<SizeUnit, number> = { px: 0, mm: 4, in: 1 };

type Handles = Record<(typeof FIXED)[number], string>;
/** A DXF layer: every curve of one color (or the cut contour), under one name. */
interface DxfLayer {
  name: string;
  color: Color;
  subpaths: Subpath[];
}

// Objects every file has, given the first handles so that they are the same in every file.
const FIXED = [
  ...['vport', 'ltype', 'layer', 'style', 'view', 'ucs', 'appid', 'dimstyle', 'blockRecord'],
  ...['modelSpace', 'paperSpace', 'root', 'groups', 'plotStyles', 'normal'],
] as const;

/**
 * Writes the model as ASCII DXF (AutoCAD 2004, AC1018, the first version with true color) for CAD
 * and cutters: one layer per color named by its hex (and `cut` for a cut contour), one closed
 * LWPOLYLINE per outline and an open one per centerline (a circle as a CIRCLE, a lone arc or line as
 * an ARC or a LINE, other arcs as bulges), curves flattened, y pointing up. Units are input pixels ($INSUNITS 0, unitless), or the asked size's millimetres or inches.
 * The background is left out: a cutter cuts outlines, not the frame.
 */
export function toDxf(image: VectorImage, options: DxfOptions = {}): string {
  const pixelTolerance = options.tolerance ?? 0.05;
  if (!(pixelTolerance > 0 && pixelTolerance < Number.POSITIVE_INFINITY)) {
    throw new TraceError('invalid-settings', 'The DXF curve tolerance must be a positive number of pixels');
  }
  const scale = options.size ? unitsPerPixel(image, options.size) : 1;
  const model = options.size ? scaleModel(image, scale) : image;
  const tolerance = pixelTolerance * scale;
  const d = new DxfWriter();
  const h = Object.fromEntries(FIXED.map((name) => [name, d.handle()])) as Handles;
  const layers = dxfLayers(model.layers);

  d.section('CLASSES');
  // AutoCAD wants every layer to name a plot style (390), an object of these two classes.
  d.dxfClass('ACDBDICTIONARYWDFLT', 'AcDbDictionaryWithDefault');
  d.dxfClass('ACDBPLACEHOLDER', 'AcDbPlaceHolder');
  d.end('ENDSEC');
  writeTables(d, h, model, layers);
  d.section('BLOCKS');
  d.block('*Model_Space', h.modelSpace, false);
  d.block('*Paper_Space', h.paperSpace, true);
  d.end('ENDSEC');
  writeEntities(d, h, model.height, layers, tolerance);
  d.section('OBJECTS');
  d.tags(0, 'DICTIONARY', 5, h.root, 330, 0, 100, 'AcDbDictionary', 281, 1);
  d.tags(3, 'ACAD_GROUP', 350, h.groups, 3, 'ACAD_PLOTSTYLENAME', 350, h.plotStyles);
  d.tags(0, 'DICTIONARY', 5, h.groups, 330, h.root, 100, 'AcDbDictionary', 281, 1);
  d.tags(0, 'ACDBDICTIONARYWDFLT', 5, h.plotStyles, 330, h.root, 100, 'AcDbDictionary', 281, 1);
  d.tags(3, 'Normal', 350, h.normal, 100, 'AcDbDictionaryWithDefault', 340, h.normal);
  d.tags(0, 'ACDBPLACEHOLDER', 5, h.normal, 330, h.plotStyles);
  d.end('ENDSEC');
  d.tags(0, 'EOF');

  // The header comes first in the file but last here: $HANDSEED must exceed every handle used.
  const header = new DxfWriter();
  header.section('HEADER');
  header.tags(9, '$ACADVER', 1, 'AC1018', 9, '$DWGCODEPAGE', 3, 'ANSI_1252', 9, '$HANDSEED', 5, d.handle());
  header.tags(9, '$INSUNITS', 70, insUnits[options.size?.unit ?? 'px'], 9, '$INSBASE', 10, 0, 20, 0, 30, 0);
  // Coordinates never move (cutters read them); the extents take in a cut contour off the image.
  const page = pageOf(model);
  const low = 0 - page.margin; // never -0
  const [high, top] = [low + page.width, low + page.height];
  header.tags(9, '$EXTMIN', 10, low, 20, low, 30, 0, 9, '$EXTMAX', 10, high, 20, top, 30, 0);
  header.tags(9, '$LIMMIN', 10, low, 20, low, 9, '$LIMMAX', 10, high, 20, top);
  header.end('ENDSEC');
  return header.text() + d.text();
}

/** The tables AutoCAD requires of an R2000+ file, and a layer per color. */
function writeTables(d: DxfWriter, h: Handles, model: VectorImage, layers: DxfLayer[]): void {
  d.section('TABLES');
  d.table('VPORT', h.vport, 1);
  d.record('VPORT', h.vport, 'AcDbViewportTableRecord', '*Active');
  // Opens on the whole drawing: centre (12, 22), height (40) and aspect ratio (41) of the view.
  const page = pageOf(model);
  d.tags(10, 0, 20, 0, 11, 1, 21, 1, 12, model.width / 2, 22, model.height / 2, 13, 0, 23, 0, 14, 1, 24, 1);
  d.tags(15, 1, 25, 1, 16, 0, 26, 0, 36, 1, 17, 0, 27, 0, 37, 0);
  d.tags(40, page.height, 41, page.width / page.height, 42, 50, 43, 0, 44, 0, 50, 0, 51, 0);
  d.tags(71, 0, 72, 100, 73, 1, 74, 3, 75, 0, 76, 0, 77, 0, 78, 0);
  d.end('ENDTAB');
  d.table('LTYPE', h.ltype, 3);
  for (const [name, description] of [
    ['ByBlock', ''],
    ['ByLayer', ''],
    ['Continuous', 'Solid line'],
  ]) {
    d.record('LTYPE', h.ltype, 'AcDbLinetypeTableRecord', name);
    d.tags(3, description, 72, 65, 73, 0, 40, 0);
  }
  d.end('ENDTAB');
  d.table('LAYER', h.layer, layers.length + 1);
  d.record('LAYER', h.layer, 'AcDbLayerTableRecord', '0');
  d.tags(62, 7, 6, 'Continuous', 370, -3, 390, h.normal);
  for (const layer of layers) {
    d.record('LAYER', h.layer, 'AcDbLayerTableRecord', layer.name);
    // 62 is the nearest indexed color, for readers that predate true color (420, 0xRRGGBB).
    d.tags(62, nearestAci(layer.color), 420, Number.parseInt(hex(layer.color), 16));
    d.tags(6, 'Continuous', 370, -3, 390, h.normal);
  }
  d.end('ENDTAB');
  d.table('STYLE', h.style, 1);
  d.record('STYLE', h.style, 'AcDbTextStyleTableRecord', 'Standard');
  d.tags(40, 0, 41, 1, 50, 0, 71, 0, 42, 2.5, 3, 'txt', 4, '');
  d.end('ENDTAB');
  d.table('VIEW', h.view, 0);
  d.end('ENDTAB');
  d.table('UCS', h.ucs, 0);
  d.end('ENDTAB');
  d.table('APPID', h.appid, 1);
  d.record('APPID', h.appid, 'AcDbRegAppTableRecord', 'ACAD');
  d.end('ENDTAB');
  d.table('DIMSTYLE', h.dimstyle, 1);
  d.tags(100, 'AcDbDimStyleTable');
  d.record('DIMSTYLE', h.dimstyle, 'AcDbDimStyleTableRecord', 'Standard');
  d.end('ENDTAB');
  d.table('BLOCK_RECORD', h.blockRecord, 2);
  d.record('BLOCK_RECORD', h.blockRecord, 'AcDbBlockTableRecord', '*Model_Space', h.modelSpace);
  d.record('BLOCK_RECORD', h.blockRecord, 'AcDbBlockTableRecord', '*Paper_Space', h.paperSpace);
  d.end('ENDTAB');
  d.end('ENDSEC');
}

/**
 * One layer per color, named by its hex (`FF0000`), and the cut contour on a layer of its own
 * (`cut`), in the order they are painted. Empty layers are left out, and so is a gap filler: it
 * covers seams on screen, and a cutter would cut along them twice.
 */
function dxfLayers(layers: Layer[]): DxfLayer[] {
  const byName = new Map<string, DxfLayer>();
  for (const layer of layers) {
    if (layer.name === 'gap-filler') continue;
    const subpaths = layer.subpaths.filter((s) => s.segments.length > 0);
    if (subpaths.length === 0) continue;
    const name = layer.name ?? hex(layer.color).toUpperCase();
    const found = byName.get(name);
    if (found) found.subpaths.push(...subpaths);
    else byName.set(name, { name, color: layer.color, subpaths });
  }
  return [...byName.values()];
}

/**
 * One entity per subpath, in model space, with its layer's color (ByLayer): see writeSubpath.
 */
function writeEntities(
  d: DxfWriter,
  h: Handles,
  height: number,
  layers: DxfLayer[],
  tolerance: number,
): void {
  d.section('ENTITIES');
  for (const layer of layers) {
    const owner = { block: h.modelSpace, layer: layer.name };
    for (const subpath of layer.subpaths) writeSubpath(d, owner, subpath, height, tolerance);
  }
  d.end('ENDSEC');
}

function hex({ r, g, b }: Color): string {
  return [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
}
