import { type Point, readPathData } from '@vectrace/tracer';

/**
 * The end points of every segment of an SVG path's `d`: where the outline view draws its nodes.
 * A result's SVG is the engine's own, read with the engine's reader of its path data.
 */
export function pathNodes(d: string): [number, number][] {
  const nodes: [number, number][] = [];
  const node = ({ x, y }: Point) => {
    nodes.push([x, y]);
  };
  readPathData(d, { move: node, segment: (segment) => node(segment.to), close: () => {} });
  return nodes;
}
