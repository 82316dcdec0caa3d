import type { Node } from '../regex/python/ast.js';

type AnchorKind = Extract<Node, { type: 'anchor' }>['kind'];

/** Each anchor as seen reading the text backwards (`$` before a final newline is taken as the plain end). */
const MIRROR: Record<AnchorKind, AnchorKind> = {
  start: 'textEnd',
  textStart: 'textEnd',
  end: 'textStart',
  textEnd: 'textStart',
  lineStart: 'lineEnd',
  lineEnd: 'lineStart',
};

/**
 * A lookbehind's body as the engine runs it: V8 and Python's `regex` match a lookbehind
 * backwards from where it stands, so `(?<=^(a+)+)b` backtracks as `(a+)+$` does on the reversed
 * text (the `^` being what fails). Sequences are reversed and anchors mirrored; a lookaround inside
 * keeps its own direction.
 */
export function reverseNode(n: Node): Node {
  switch (n.type) {
    case 'seq':
      return { ...n, items: n.items.map(reverseNode).reverse() };
    case 'alt':
      return { ...n, alts: n.alts.map(reverseNode) };
    case 'group':
    case 'repeat':
      return { ...n, body: reverseNode(n.body) };
    case 'anchor':
      return { ...n, kind: MIRROR[n.kind] };
    case 'boundary':
      return n.kind === 'm' ? { ...n, kind: 'M' } : n.kind === 'M' ? { ...n, kind: 'm' } : n;
    default:
      return n;
  }
}
