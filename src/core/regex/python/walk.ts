import type { Node } from './ast.js';

const LEAF: readonly Node[] = [];

/** The direct subpatterns of a node, in pattern order (none for characters, sets, anchors and references). */
export function children(node: Node): readonly Node[] {
  switch (node.type) {
    case 'seq':
      return node.items;
    case 'alt':
      return node.alts;
    case 'group':
    case 'look':
    case 'repeat':
      return [node.body];
    default:
      return LEAF;
  }
}

/**
 * Calls `fn` on `node` and every subpattern below it, parents before children and in pattern
 * order, with the node's parent (null at the root). Returning false from `fn` skips the
 * node's subpatterns.
 */
export function visit(node: Node, fn: (node: Node, parent: Node | null) => boolean | void, parent: Node | null = null): void {
  if (fn(node, parent) === false) return;
  for (const child of children(node)) visit(child, fn, node);
}
