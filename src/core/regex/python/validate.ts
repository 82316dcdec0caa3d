import type { Node, ParsedPattern } from './ast.js';
import { caseVariants } from './case-fold.js';
import { unsupported } from './errors.js';
import { children } from './walk.js';
import { nullable } from './word.js';

type Group = Extract<Node, { type: 'group' }>;

/** Why a node on the path down to a capture group may skip it, or undefined when it cannot. */
function skips(node: Node): string | undefined {
  if (node.type === 'alt' && node.alts.length > 1) return 'it is in one branch of an alternation';
  if (node.type === 'repeat' && node.min === 0) return 'it is optional';
  if (node.type === 'look' && node.negated) return 'it is inside a negative lookaround';
  return undefined;
}

/**
 * Whether a node might take an empty path while a non-empty one exists, i.e. some choice prefers
 * the empty option (a lazy quantifier, an earlier nullable alternative, a backreference).
 */
export function mayPreferEmpty(node: Node): boolean {
  switch (node.type) {
    case 'seq':
      return node.items.some(mayPreferEmpty);
    case 'alt':
      return node.alts.some((a, k) => mayPreferEmpty(a) || (k < node.alts.length - 1 && nullable(a)));
    case 'group':
      return mayPreferEmpty(node.body);
    case 'repeat':
      return (!node.greedy && node.min < node.max) || mayPreferEmpty(node.body);
    case 'backref':
      return true;
    default:
      return false;
  }
}

/** Whether a node can consume a character at all. */
export function canConsume(node: Node): boolean {
  switch (node.type) {
    case 'seq':
      return node.items.some(canConsume);
    case 'alt':
      return node.alts.some(canConsume);
    case 'char':
    case 'set':
    case 'dot':
    case 'backref':
      return true;
    case 'group':
      return canConsume(node.body);
    case 'repeat':
      return node.max > 0 && canConsume(node.body);
    default:
      return false;
  }
}

/** Whether everything a node can match is free of characters with case variants. */
function caseNeutral(node: Node): boolean {
  switch (node.type) {
    case 'char':
      return caseVariants(node.cp, node.ascii).length === 1;
    case 'set':
      return (
        !node.negated &&
        node.items.every(
          (i) =>
            (i.kind === 'shorthand' && (i.name === 'd' || i.name === 's')) ||
            (i.kind === 'char' && caseVariants(i.cp, node.ascii).length === 1) ||
            (i.kind === 'range' && i.hi - i.lo < 256 && [...Array(i.hi - i.lo + 1).keys()].every((k) => caseVariants(i.lo + k, node.ascii).length === 1)),
        )
      );
    case 'dot':
      return false;
    default:
      return children(node).every(caseNeutral);
  }
}

/**
 * Checks the constructs whose JavaScript behaviour differs from Python's. Throws INVALID_RULE where
 * the whole match could differ; returns the capture groups whose own offsets could differ.
 */
export function validate(parsed: ParsedPattern): Map<number, string> {
  const inexact = new Map<number, string>();
  const groupPaths = new Map<number, Node[]>();

  // `path` holds the ancestors of the node being walked (pushed and popped, not copied per node).
  const path: Node[] = [];
  const walk = (node: Node, inLookbehind: boolean): void => {
    if (node.type === 'group') {
      if (node.atomic && inLookbehind) {
        throw unsupported('an atomic group inside a lookbehind', node.offset, 'use a plain group inside the lookbehind');
      }
      if (node.capture !== null) {
        groupPaths.set(node.capture, [...path, node]);
        checkRepeats(node, path);
      }
    } else if (node.type === 'repeat') {
      if (node.possessive && inLookbehind) {
        throw unsupported('a possessive quantifier inside a lookbehind', node.offset, 'use a greedy quantifier inside the lookbehind');
      }
      if (node.max > node.min && nullable(node.body) && mayPreferEmpty(node.body)) {
        throw unsupported(
          'a repetition whose body can match the empty string before a longer alternative',
          node.offset,
          'make the repeated part consume at least one character (Python stops at an empty iteration, JavaScript backtracks past it)',
        );
      }
    } else if (node.type === 'backref') checkBackref(node, path, inLookbehind);
    const below = inLookbehind || (node.type === 'look' && node.behind);
    path.push(node);
    for (const child of children(node)) walk(child, below);
    path.pop();
  };

  const checkRepeats = (group: Group, path: readonly Node[]): void => {
    for (let k = path.length - 1; k >= 0; k--) {
      const q = path[k]!;
      if (q.type !== 'repeat') continue;
      if (q.max > q.min && nullable(q.body)) {
        // JavaScript drops an optional iteration that matched nothing, and its captures with it.
        inexact.set(group.capture!, `group ${group.capture} is inside an optional or repeated part that can match the empty string: Python records the empty match, JavaScript does not`);
        return;
      }
      if (q.max <= 1) continue;
      const below = path.slice(k + 1);
      const skip = below.map(skips).find((s) => s !== undefined);
      if (skip) {
        inexact.set(group.capture!, `group ${group.capture} is inside a repetition and ${skip}: Python keeps its capture from an earlier repetition, JavaScript clears it`);
        return;
      }
    }
  };

  const checkBackref = (ref: Extract<Node, { type: 'backref' }>, path: readonly Node[], inLookbehind: boolean): void => {
    const n = ref.group;
    if (inLookbehind) {
      throw unsupported(`backreference to group ${n} inside a lookbehind`, ref.offset, 'move the reference out of the lookbehind');
    }
    const gp = groupPaths.get(n);
    if (!gp) throw unsupported(`backreference to group ${n}`, ref.offset, 'put the group before the reference');
    let lca = 0;
    while (lca < gp.length && lca < path.length && gp[lca] === path[lca]) lca++;
    const below = gp.slice(lca - 1);
    const why =
      below[0]?.type === 'alt' && below[0].alts.length > 1
        ? 'the group is in another branch'
        : below.slice(1).map(skips).find((s) => s !== undefined);
    if (why) {
      throw unsupported(
        `backreference to group ${n}, which may not have taken part (${why})`,
        ref.offset,
        'JavaScript matches a reference to an unset group as empty where Python fails; make the group mandatory before the reference',
      );
    }
    const group = gp[gp.length - 1] as Group;
    if (ref.ci && !caseNeutral(group.body)) {
      throw unsupported(
        `case-insensitive backreference to group ${n}`,
        ref.offset,
        'drop (?i) for this rule or make the referenced group match only caseless characters; JavaScript cannot compare case-insensitively with Python\'s case table',
      );
    }
  };

  walk(parsed.root, false);
  return inexact;
}

