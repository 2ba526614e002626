/** The end points of every segment of an SVG path's `d`: where the outline view draws its nodes. */
export function pathNodes(d: string): [number, number][] {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  const arity: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
  const nodes: [number, number][] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let command = '';
  let i = 0;
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i])) command = tokens[i++];
    const lower = command.toLowerCase();
    const relative = command === lower;
    if (lower === 'z') {
      x = startX;
      y = startY;
      continue;
    }
    const n = arity[lower];
    if (n === undefined || i + n > tokens.length) break;
    const args = tokens.slice(i, i + n).map(Number);
    i += n;
    if (lower === 'h') x = relative ? x + args[0] : args[0];
    else if (lower === 'v') y = relative ? y + args[0] : args[0];
    else {
      const ex = args[n - 2];
      const ey = args[n - 1];
      x = relative ? x + ex : ex;
      y = relative ? y + ey : ey;
    }
    if (lower === 'm') {
      startX = x;
      startY = y;
      // Further pairs after a moveto are linetos.
      command = relative ? 'l' : 'L';
    }
    nodes.push([x, y]);
  }
  return nodes;
}
