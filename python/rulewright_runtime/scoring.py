"""Per-rule and ensemble TP / FP / FN as `rulewright metrics` counts them, for the matching modes
whose one-to-one pairing is a multiset intersection of keys: `text` (label and covered text, with
plain equality) and `exact` (label and offsets). Other modes and custom matchers are refused."""

from collections import Counter
from typing import Any, Dict, Iterable, List, Optional, Sequence

from .offsets import Utf16Offsets
from .ruleset import Ruleset, RulesetError

COUNTED_MODES = ("text", "exact")


def _fold(label: Optional[str]) -> Optional[str]:
    if label is None:
        return None
    t = label.strip()
    return t.lower() if t else None


def _span_keys(spans: Iterable[Dict[str, Any]], text: str, mode: str, annotated: Optional[set]) -> Counter:
    conv = None
    keys: Counter = Counter()
    for s in spans:
        if annotated is not None and s["label"] not in annotated:
            continue
        if mode == "exact":
            keys[(s["label"], s["start"], s["end"])] += 1
            continue
        covered = s.get("text")
        if covered is None:
            conv = conv or Utf16Offsets(text)
            covered = text[conv.to_cp(s["start"]):conv.to_cp(s["end"])]
        keys[(s["label"], covered)] += 1
    return keys


def _counts(gold: Counter, pred: Counter) -> List[int]:
    tp = sum(min(n, gold[k]) for k, n in pred.items())
    return [tp, sum(pred.values()) - tp, sum(gold.values()) - tp]


def _class_counts(gold: Optional[str], pred: Optional[str], annotated: Optional[set]) -> List[int]:
    g, p = _fold(gold), _fold(pred)
    if annotated is not None:
        g = g if g in annotated else None
        p = p if p in annotated else None
    if g is not None and g == p:
        return [1, 0, 0]
    return [0, int(p is not None), int(g is not None)]


class RuleCounts:
    """Sums each rule's solo TP / FP / FN and the ensemble's over examples; `merge` adds another's sums."""

    def __init__(self, ruleset: Ruleset) -> None:
        mode = ruleset.task.get("matching", {}).get("mode", "text")
        if ruleset.type != "classification" and mode not in COUNTED_MODES:
            raise RulesetError(f"matching mode {mode}: counts are computed for the modes {COUNTED_MODES} only")
        if ruleset.task.get("matching", {}).get("plain_matchers") is False:
            raise RulesetError("the task names custom matchers: counts are computed with plain equality only")
        self.ruleset = ruleset
        self.mode = mode
        self.rules = [[0, 0, 0] for _ in ruleset.rules]
        self.ensemble = [0, 0, 0]

    def add(self, text: str, gold: Dict[str, Any], meta: Optional[Dict[str, Any]] = None) -> None:
        """One example: its text and gold (`spans` or `label`, optional `annotated`)."""
        rs = self.ruleset
        annotated = gold.get("annotated")
        if rs.type == "classification":
            ann = None if annotated is None else {_fold(a) for a in annotated}
            score = lambda pred: _class_counts(gold.get("label"), pred["label"], ann)  # noqa: E731
        else:
            ann = None if annotated is None else set(annotated)
            gold_keys = _span_keys(gold.get("spans") or [], text, self.mode, ann)
            score = lambda pred: _counts(gold_keys, _span_keys(pred["spans"], text, self.mode, ann))  # noqa: E731
        # The rules run once; each rule's solo output is resolved from its own candidates.
        cands = rs.candidates(text, meta)
        _add(self.ensemble, score(rs.resolve(text, cands)))
        by_rule: Dict[int, list] = {}
        for c in cands:
            by_rule.setdefault(c[0], []).append(c)
        silent = score(rs.resolve(text, []))
        for p, into in enumerate(self.rules):
            _add(into, score(rs.resolve(text, by_rule[p])) if p in by_rule else silent)

    def merge(self, other: "RuleCounts") -> None:
        _add(self.ensemble, other.ensemble)
        for mine, theirs in zip(self.rules, other.rules):
            _add(mine, theirs)

    def as_dict(self) -> Dict[str, Any]:
        rows = {r.id: dict(zip(("tp", "fp", "fn"), c)) for r, c in zip(self.ruleset.rules, self.rules)}
        return {"counts": dict(zip(("tp", "fp", "fn"), self.ensemble)), "rules": rows}


def _add(into: List[int], more: Sequence[int]) -> None:
    for i, v in enumerate(more):
        into[i] += v
