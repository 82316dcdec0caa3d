"""Loads a `rulewright rules export FILE --for python` file and runs it as `rulewright extract` does.

The file is data: patterns are compiled with the `regex` module, nothing in it is evaluated.
Rules come in execution order (the exporter computed it), so this module never reorders them.
"""

import json
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Tuple

import regex

from .conflicts import keep_candidates
from .offsets import Utf16Offsets

FORMAT_VERSION = 1
_FLAGS = {"i": regex.IGNORECASE, "m": regex.MULTILINE, "s": regex.DOTALL, "x": regex.VERBOSE}
_TASK_TYPES = ("extraction", "ner", "classification")
_POLICIES = ("rulechef", "non_overlapping")
_RULE_KEYS = {"id", "name", "label", "pattern", "flags", "group", "iteration", "when"}


class RulesetError(ValueError):
    """A file that is not a ruleset this runtime can run (message says what and where)."""


@dataclass(frozen=True)
class Refused:
    """A rule left out, by id, with why it cannot run here exactly as in rulewright."""

    id: str
    name: str
    reason: str


@dataclass(frozen=True)
class CompiledRule:
    id: str
    name: str
    label: str
    regex: Any
    group: int
    js_iteration: bool
    when: Optional[Dict[str, Any]]


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise RulesetError(f"{where}: {what}")


def _check_rule(r: Any, where: str) -> None:
    _need(isinstance(r, dict), where, "a rule must be an object")
    unknown = set(r) - _RULE_KEYS
    _need(not unknown, where, f"unknown keys {sorted(unknown)}")
    for key in ("id", "name", "label", "pattern", "flags"):
        _need(isinstance(r.get(key), str), where, f'"{key}" must be a string')
    _need(isinstance(r.get("group"), int) and r["group"] >= 0, where, '"group" must be a group number')
    _need(r.get("iteration") in ("python", "js"), where, '"iteration" must be "python" or "js"')
    _need(set(r["flags"]) <= set(_FLAGS), where, f'unknown flags "{r["flags"]}"')
    meta = (r.get("when") or {}).get("meta") if r.get("when") is not None else None
    _need(r.get("when") is None or isinstance(meta, dict), where, '"when" must be {"meta": {...}}')


def _compile(r: Dict[str, Any]) -> CompiledRule:
    flags = regex.VERSION0
    for f in r["flags"]:
        flags |= _FLAGS[f]
    rx = regex.compile(r["pattern"], flags)
    if r["group"] > rx.groups:
        raise regex.error(f"the pattern has {rx.groups} group(s), the rule outputs group {r['group']}")
    when = r["when"]["meta"] if r.get("when") else None
    return CompiledRule(r["id"], r["name"], r["label"], rx, r["group"], r["iteration"] == "js", when)


def _js_equal(a: Any, b: Any) -> bool:
    """JavaScript `===` on JSON scalars (so `true` never equals `1`, as it does in Python)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return isinstance(a, str) and isinstance(b, str) and a == b


def _holds(when: Dict[str, Any], meta: Optional[Dict[str, Any]]) -> bool:
    if meta is None:
        return False
    for key, want in when.items():
        field = meta.get(key)
        ok = any(_js_equal(x, want) for x in field) if isinstance(field, list) else _js_equal(field, want)
        if not ok:
            return False
    return True


def _js_exec(regex: Any, text: str) -> Iterator[Any]:
    """JavaScript's exec loop: after an empty match the search resumes one character on."""
    pos, n, search = 0, len(text), regex.search
    while pos <= n:
        m = search(text, pos)
        if m is None:
            return
        if m.end() == m.start():
            pos = m.start() + 1
            continue
        pos = m.end()
        yield m


def _matches(rule: CompiledRule, text: str, first_only: bool) -> List[Tuple[int, int]]:
    """The rule's non-empty spans (code point offsets) left to right, as rulewright iterates them."""
    out: List[Tuple[int, int]] = []
    g = rule.group
    for m in (_js_exec(rule.regex, text) if rule.js_iteration else rule.regex.finditer(text)):
        s, e = m.span(g)
        if e > s:
            out.append((s, e))
            if first_only:
                break
    return out


class Ruleset:
    """A compiled ruleset: `extract(text, meta)` gives what `rulewright extract` writes for the text."""

    def __init__(self, data: Any, where: str = "ruleset") -> None:
        _need(isinstance(data, dict), where, "not a ruleset object")
        _need(data.get("rulewright_python") == FORMAT_VERSION, where,
              f"not a rulewright --for python file of version {FORMAT_VERSION}: export it with `rulewright rules export FILE --for python`")
        task = data.get("task")
        _need(isinstance(task, dict) and task.get("type") in _TASK_TYPES, where, f"task.type must be one of {_TASK_TYPES}")
        _need(task.get("conflict_policy") in _POLICIES, where, f"task.conflict_policy must be one of {_POLICIES}")
        _need(isinstance(data.get("rules"), list), where, '"rules" must be a list')
        self.task: Dict[str, Any] = task
        self.type: str = task["type"]
        self.policy: str = task["conflict_policy"]
        self.refused: List[Refused] = [Refused(**r) for r in data.get("refused", [])]
        self.rules: List[CompiledRule] = []
        for i, r in enumerate(data["rules"]):
            _check_rule(r, f"{where}: rules[{i}]")
            try:
                self.rules.append(_compile(r))
            except regex.error as e:
                self.refused.append(Refused(r["id"], r["name"], f"Python regex does not compile it: {e}"))

    @classmethod
    def load(cls, path: str) -> "Ruleset":
        with open(path, encoding="utf-8") as f:
            try:
                data = json.load(f)
            except json.JSONDecodeError as e:
                raise RulesetError(f"{path}: not valid JSON ({e})") from None
        return cls(data, path)

    def candidates(self, text: str, meta: Optional[Dict[str, Any]] = None, only: Optional[int] = None,
                   until_first: bool = False) -> List[Tuple[int, int, int, int, int]]:
        """Every rule's spans in execution order: (rule position, utf16 start, utf16 end, cp start, cp end).
        `until_first`: stop after the first rule that fires (all a classification needs)."""
        first_only = self.type == "classification"
        conv = Utf16Offsets(text)
        out = []
        for p, rule in enumerate(self.rules):
            if only is not None and p != only:
                continue
            if rule.when is not None and not _holds(rule.when, meta):
                continue
            for s, e in _matches(rule, text, first_only):
                out.append((p, conv.to_utf16(s), conv.to_utf16(e), s, e))
            if until_first and out:
                break
        return out

    def extract(self, text: str, meta: Optional[Dict[str, Any]] = None, only: Optional[int] = None) -> Dict[str, Any]:
        """The prediction `rulewright extract` writes: `{"spans": [...]}` or `{"label", "rule_id"}`.
        With `only` (a rule position), what that rule alone outputs (per-rule metrics)."""
        return self.resolve(text, self.candidates(text, meta, only, until_first=self.type == "classification"))

    def resolve(self, text: str, cands: List[Tuple[int, int, int, int, int]]) -> Dict[str, Any]:
        """The prediction from candidates (in execution order): the first rule's label, or the
        conflict policy's survivors sorted by (start, end, rule position)."""
        if self.type == "classification":
            if not cands:
                return {"label": None, "rule_id": None}
            rule = self.rules[cands[0][0]]
            return {"label": rule.label, "rule_id": rule.id}
        labels = [self.rules[c[0]].label for c in cands]
        kept = keep_candidates(self.policy, [(c[1], c[2]) for c in cands], labels)
        kept.sort(key=lambda i: (cands[i][1], cands[i][2], cands[i][0]))
        spans = []
        for i in kept:
            p, s, e, cs, ce = cands[i]
            rule = self.rules[p]
            spans.append({"start": s, "end": e, "label": rule.label, "text": text[cs:ce], "rule_id": rule.id})
        return {"spans": spans}
