"""rulewright rulesets on Ray Data: `ApplyRuleset` adds each row's prediction as a column, and
`rule_counts` sums per-rule and ensemble TP / FP / FN over a labelled dataset.

    ds = ray.data.read_parquet("docs/")
    ds = ds.map_batches(ApplyRuleset, fn_constructor_kwargs={"ruleset": "rules.python.json"},
                        batch_format="pandas", concurrency=8)
    ds.write_parquet("out/")

Ray is imported only by `rule_counts`; the classes are plain callables (Ray constructs one per
worker, so the ruleset compiles once per worker).
"""

import json
from typing import Any, Dict, Optional, Union

from .ruleset import Ruleset
from .scoring import RuleCounts

RulesetSource = Union[str, Dict[str, Any], Ruleset]


def _ruleset(source: RulesetSource) -> Ruleset:
    if isinstance(source, Ruleset):
        return source
    return Ruleset(source) if isinstance(source, dict) else Ruleset.load(source)


def _plain(value: Any) -> Any:
    """A cell as plain Python: Arrow and NumPy give arrays and scalars; JSON text is parsed."""
    if isinstance(value, str):
        return json.loads(value) if value[:1] in ("{", "[") else value
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, float) and value != value:  # NaN: a missing cell
        return None
    return value


def _cell(batch: Any, column: Optional[str], i: int) -> Any:
    return None if column is None or column not in batch else _plain(batch[column].iloc[i])


def _names(batch: Any) -> Any:
    return batch.column_names if hasattr(batch, "column_names") else batch


def _column(batch: Any, name: str) -> list:
    """A whole column as a Python list, read once: per-row `iloc` costs more than the rules do on
    short texts. Works for every `batch_format`: pandas, pyarrow and numpy."""
    values = batch[name]
    return values.to_pylist() if hasattr(values, "to_pylist") else values.tolist()


def _with_column(batch: Any, name: str, values: list) -> Any:
    if hasattr(batch, "append_column"):  # a pyarrow Table
        import pyarrow as pa

        if name in batch.column_names:
            batch = batch.drop_columns([name])
        return batch.append_column(name, pa.array(values, pa.string()))
    batch[name] = values
    return batch


class ApplyRuleset:
    """Adds `output_column`: each row's prediction as `rulewright extract` writes it, as JSON text
    (`{"spans": [...]}` or `{"label", "rule_id"}`). For `map_batches` with any `batch_format`
    ("pyarrow" keeps Ray's blocks as they are; "pandas" converts each batch)."""

    def __init__(self, ruleset: RulesetSource, text_column: str = "text", meta_column: Optional[str] = "meta",
                 output_column: str = "prediction") -> None:
        self.ruleset = _ruleset(ruleset)
        self.text_column = text_column
        self.meta_column = meta_column
        self.output_column = output_column

    def __call__(self, batch: Any) -> Any:
        texts = _column(batch, self.text_column)
        metas = _column(batch, self.meta_column) if self.meta_column is not None and self.meta_column in _names(batch) else None
        extract, dumps = self.ruleset.extract, json.dumps
        out = [dumps(extract(t if isinstance(t, str) else "", None if metas is None else _plain(metas[i])),
                     ensure_ascii=False, separators=(",", ":"))
               for i, t in enumerate(texts)]
        return _with_column(batch, self.output_column, out)


class CountRules:
    """One row per batch: the batch's per-rule and ensemble counts as JSON text (column `counts`).
    Gold is read from the `spans` (span tasks) or `label` (classification) column, and `annotated`."""

    def __init__(self, ruleset: RulesetSource, text_column: str = "text", meta_column: Optional[str] = "meta") -> None:
        self.ruleset = _ruleset(ruleset)
        self.text_column = text_column
        self.meta_column = meta_column

    def __call__(self, batch: Any) -> Any:
        import pandas as pd

        counts = RuleCounts(self.ruleset)
        for i in range(len(batch)):
            gold = {k: _cell(batch, k, i) for k in ("spans", "label", "annotated")}
            text = batch[self.text_column].iloc[i]
            counts.add(text if isinstance(text, str) else "", gold, _cell(batch, self.meta_column, i))
        return pd.DataFrame({"counts": [json.dumps([counts.ensemble, counts.rules])]})


def rule_counts(ds: Any, ruleset: RulesetSource, concurrency: Optional[int] = None, **columns: Any) -> Dict[str, Any]:
    """Per-rule (solo) and ensemble TP / FP / FN over a Ray dataset of labelled rows: the figures
    `rulewright metrics` gives on the same rows (`text` or `exact` matching, plain matchers)."""
    rs = _ruleset(ruleset)
    total = RuleCounts(rs)
    kwargs = {"concurrency": concurrency} if concurrency else {}
    parts = ds.map_batches(CountRules, fn_constructor_kwargs={"ruleset": rs, **columns}, batch_format="pandas", **kwargs)
    for row in parts.iter_rows():
        ensemble, rules = json.loads(row["counts"])
        part = RuleCounts(rs)
        part.ensemble, part.rules = ensemble, rules
        total.merge(part)
    return total.as_dict()
