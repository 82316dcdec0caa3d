"""Span conflict policies, exactly as rulewright's engine applies them (offsets in UTF-16 units)."""

from bisect import bisect_left
from typing import List, Sequence, Tuple

# RuleChef drops a same-label span whose IoU with a kept one is strictly above this.
RULECHEF_IOU = 0.7


def _rulechef(spans: Sequence[Tuple[int, int]], labels: Sequence[str]) -> List[int]:
    # Pass 1: a span is skipped when one with the same offsets was inserted before (any label).
    seen = set()
    inserted = []
    for i, se in enumerate(spans):
        if se in seen:
            continue
        seen.add(se)
        inserted.append(i)
    # Pass 2: greedy, first inserted wins: drop a span whose IoU with a kept same-label one is > 0.7.
    kept: List[int] = []
    for i in inserted:
        s, e = spans[i]
        label = labels[i]
        dup = False
        for j in kept:
            ks, ke = spans[j]
            if ke <= s or e <= ks or labels[j] != label:
                continue
            inter = min(e, ke) - max(s, ks)
            union = e - s + (ke - ks) - inter
            if union > 0 and inter / union > RULECHEF_IOU:
                dup = True
                break
        if not dup:
            kept.append(i)
    return kept


def _non_overlapping(spans: Sequence[Tuple[int, int]]) -> List[int]:
    # Kept spans never overlap, so sorted by start they are sorted by end too.
    starts: List[int] = []
    ends: List[int] = []
    kept: List[int] = []
    for i, (s, e) in enumerate(spans):
        lo = bisect_left(starts, s)
        if (lo > 0 and ends[lo - 1] > s) or (lo < len(starts) and starts[lo] < e):
            continue
        starts.insert(lo, s)
        ends.insert(lo, e)
        kept.append(i)
    return kept


def keep_candidates(policy: str, spans: Sequence[Tuple[int, int]], labels: Sequence[str]) -> List[int]:
    """Indices of the kept candidates, in execution order; candidates are given in execution order."""
    if len(spans) <= 1:
        return list(range(len(spans)))
    return _non_overlapping(spans) if policy == "non_overlapping" else _rulechef(spans, labels)
