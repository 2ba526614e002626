/**
 * A strict reader for the SVG our exporter writes (packages/tracer/src/export/svg.ts): one `svg`
 * root holding `rect` and `path` elements (and `g` groups), nothing else. It is deliberately
 * narrow: comments, CDATA, doctypes, processing instructions, entities and text content are all
 * refused, so anything an attacker could smuggle into an SVG shows up as a problem.
 */

const allowedAttributes: Record<string, readonly string[]> = {
  svg: ['xmlns', 'width', 'height', 'viewBox'],
  g: ['fill', 'fill-rule', 'transform'],
  rect: ['x', 'y', 'width', 'height', 'fill'],
  path: ['fill', 'fill-rule', 'd', 'transform'],
};

const number = /^-?(\d+(\.\d*)?|\.\d+)$/;
const valuePatterns: Record<string, RegExp> = {
  xmlns: /^http:\/\/www\.w3\.org\/2000\/svg$/,
  width: number,
  height: number,
  x: number,
  y: number,
  viewBox: /^-?[\d.]+ -?[\d.]+ [\d.]+ [\d.]+$/,
  fill: /^(#[0-9a-f]{3}|#[0-9a-f]{6}|none)$/i,
  'fill-rule': /^(nonzero|evenodd)$/,
  // Path commands and numbers only.
  d: /^[MmLlHhVvCcSsQqTtAaZz0-9.,\s+eE-]*$/,
  transform: /^(translate|scale|matrix)\([-\d.,\s eE]+\)(\s+(translate|scale|matrix)\([-\d.,\s eE]+\))*$/,
};

const tagPattern =
  /<(\/?)([A-Za-z][A-Za-z0-9:._-]*)((?:\s+[A-Za-z_:][A-Za-z0-9:._-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
const attributePattern = /\s+([A-Za-z_:][A-Za-z0-9:._-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/g;

/** What is wrong with the document by the allowlist; empty when it is clean and well formed. */
export function svgProblems(svg: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  let roots = 0;
  let at = 0;
  const elements = new Set<string>();
  while (at < svg.length) {
    const next = svg.indexOf('<', at);
    const text = svg.slice(at, next === -1 ? svg.length : next);
    if (text.trim()) problems.push(`text content ${JSON.stringify(text.slice(0, 40))} at ${at}`);
    if (next === -1) break;
    tagPattern.lastIndex = next;
    const tag = tagPattern.exec(svg);
    if (!tag) {
      problems.push(
        `markup that is not a plain element at ${next}: ${JSON.stringify(svg.slice(next, next + 40))}`,
      );
      break;
    }
    at = tagPattern.lastIndex;
    const [, closing, name, attributes, selfClosing] = tag;
    if (closing) {
      if (attributes || selfClosing) problems.push(`malformed closing tag </${name}>`);
      if (open.pop() !== name) problems.push(`</${name}> closes nothing open`);
      continue;
    }
    elements.add(name);
    if (open.length === 0 && ++roots > 1) problems.push('more than one root element');
    if (open.length === 0 && name !== 'svg') problems.push(`root element <${name}>`);
    const allowed = allowedAttributes[name];
    if (!allowed) problems.push(`element <${name}> is not allowed`);
    const seen = new Set<string>();
    for (const [, attribute, double, single] of attributes.matchAll(attributePattern)) {
      const value = double ?? single ?? '';
      if (seen.has(attribute)) problems.push(`<${name}> repeats ${attribute}`);
      seen.add(attribute);
      if (!allowed?.includes(attribute)) problems.push(`<${name} ${attribute}> is not allowed`);
      else if (!valuePatterns[attribute]?.test(value)) {
        problems.push(`<${name} ${attribute}="${value.slice(0, 40)}"> has an unexpected value`);
      }
    }
    if (!selfClosing) open.push(name);
  }
  if (open.length) problems.push(`unclosed <${open.join('>, <')}>`);
  if (roots === 0) problems.push('no root element');
  return problems;
}

/** The element names the document uses. */
export function svgElements(svg: string): Set<string> {
  return new Set([...svg.matchAll(/<([A-Za-z][A-Za-z0-9:._-]*)/g)].map((m) => m[1]));
}
