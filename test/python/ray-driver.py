"""Runs a `--for python` ruleset over labelled JSONL on a local Ray cluster of WORKERS CPUs and
in one process, and prints whether both runs' predictions are equal and both runs' counts as one
JSON document; with 0 workers only the single-process counts (no Ray needed)."""

import json
import sys

from rulewright_runtime import Ruleset
from rulewright_runtime.ray_data import ApplyRuleset, rule_counts
from rulewright_runtime.scoring import RuleCounts


def rows_of(path):
    rows = []
    for line in open(path, encoding="utf-8"):
        if line.strip():
            ex = json.loads(line)
            rows.append({
                "id": ex["id"],
                "text": ex.get("text") or "",
                "label": ex.get("label"),
                "spans": json.dumps(ex.get("spans") or []),
                "annotated": json.dumps(ex["annotated"]) if "annotated" in ex else None,
            })
    return rows


def main(ruleset_path, gold_path, workers):
    rows = rows_of(gold_path)
    ruleset = Ruleset.load(ruleset_path)
    single = RuleCounts(ruleset)
    for r in rows:
        single.add(r["text"], {"label": r["label"], "spans": json.loads(r["spans"]),
                               "annotated": json.loads(r["annotated"]) if r["annotated"] else None})
    local = {r["id"]: ruleset.extract(r["text"]) for r in rows}
    if workers == 0:
        print(json.dumps({"rows": len(rows), "single": single.as_dict()}))
        return
    import ray

    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        ds = ray.data.from_items(rows, override_num_blocks=2 * workers)
        applied = ds.map_batches(ApplyRuleset, fn_constructor_kwargs={"ruleset": ruleset_path, "meta_column": None},
                                 batch_format="pandas", concurrency=workers, batch_size=32)
        on_ray = {r["id"]: json.loads(r["prediction"]) for r in applied.iter_rows()}
        counts = rule_counts(ds, ruleset_path, concurrency=workers, meta_column=None)
    finally:
        ray.shutdown()
    print(json.dumps({"rows": len(rows), "same_outputs": on_ray == local, "ray": counts, "single": single.as_dict()}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
