"""The Python side of test/bench/ray.bench.ts.

    prepare BANKING77_DIR N DOCS.jsonl PARQUET_DIR FILES
        N documents, the Banking77 texts (train then test) repeated in order, id `d<i>`, as JSON
        lines and as FILES Parquet files of equal size (so Ray has FILES blocks to spread).
    run RULESET PARQUET_DIR OUT_DIR WORKERS EXPECTED.jsonl
        On a local Ray cluster, `ApplyRuleset` with WORKERS actors over the first tenth of the files,
        then over all of them (read Parquet, map_batches, write Parquet), each timed; the full run's
        outputs are compared with EXPECTED (`python -m rulewright_runtime`'s lines). Prints one
        JSON document of seconds and counts.
"""

import csv
import glob
import hashlib
import json
import os
import sys
import time


def prepare(b77_dir, n, docs_path, parquet_dir, files):
    import pyarrow as pa
    import pyarrow.parquet as pq

    texts = []
    for split in ("train.csv", "test.csv"):
        with open(os.path.join(b77_dir, split), encoding="utf-8", newline="") as f:
            texts += [row["text"] for row in csv.DictReader(f)]
    ids = [f"d{i}" for i in range(n)]
    docs = [texts[i % len(texts)] for i in range(n)]
    with open(docs_path, "w", encoding="utf-8") as out:
        for i, t in zip(ids, docs):
            out.write(json.dumps({"id": i, "text": t}, ensure_ascii=False) + "\n")
    os.makedirs(parquet_dir, exist_ok=True)
    for k in range(files):
        a, b = k * n // files, (k + 1) * n // files
        pq.write_table(pa.table({"id": ids[a:b], "text": docs[a:b]}), os.path.join(parquet_dir, f"part-{k:04d}.parquet"))
    print(json.dumps({"docs": n, "distinct_texts": len(texts)}))


def _digest(pairs):
    """Order-free digest of (id, prediction) pairs: the sum of their hashes, so Ray's row order does not matter."""
    total = 0
    for i, p in pairs:
        total = (total + int.from_bytes(hashlib.blake2b(f"{i}\t{p}".encode(), digest_size=8).digest(), "big")) % (1 << 64)
    return f"{total:016x}"


def _expected(path):
    out = {}
    for line in open(path, encoding="utf-8"):
        row = json.loads(line)
        doc_id = row.pop("id")
        row.pop("line")
        out[doc_id] = json.dumps(row, ensure_ascii=False, separators=(",", ":"))
    return out


def _pipeline(ray, ruleset, paths, out_dir, workers):
    from rulewright_runtime.ray_data import ApplyRuleset

    t0 = time.perf_counter()
    ds = ray.data.read_parquet(paths)
    ds = ds.map_batches(ApplyRuleset, fn_constructor_kwargs={"ruleset": ruleset, "meta_column": None},
                        batch_format="pyarrow", concurrency=workers, num_cpus=1)
    ds.select_columns(["id", "prediction"]).write_parquet(out_dir)
    return time.perf_counter() - t0


def run(ruleset, parquet_dir, out_dir, workers, expected_path):
    import pyarrow.dataset as pads
    import ray

    paths = sorted(glob.glob(os.path.join(parquet_dir, "*.parquet")))
    small = paths[: max(1, len(paths) // 10)]
    t0 = time.perf_counter()
    # One logical CPU more than the actors take, for Ray Data's file listing, read and write tasks:
    # with exactly WORKERS CPUs the actors hold them all and the read never starts.
    ray.init(num_cpus=workers + 1, include_dashboard=False, log_to_driver=False, configure_logging=False)
    init_s = time.perf_counter() - t0
    try:
        ray.data.DataContext.get_current().enable_progress_bars = False
        small_s = _pipeline(ray, ruleset, small, os.path.join(out_dir, "small"), workers)
        full_s = _pipeline(ray, ruleset, paths, os.path.join(out_dir, "full"), workers)
    finally:
        ray.shutdown()
    count = lambda ps: sum(pads.dataset(p).count_rows() for p in ps)  # noqa: E731
    table = pads.dataset(os.path.join(out_dir, "full")).to_table(columns=["id", "prediction"])
    got = list(zip(table.column("id").to_pylist(), table.column("prediction").to_pylist()))
    want = _expected(expected_path)
    differences = sum(1 for i, p in got if want.get(i) != p) + abs(len(want) - len(got))
    print(json.dumps({
        "workers": workers, "init_s": init_s, "small_docs": count(small), "small_s": small_s,
        "docs": len(got), "full_s": full_s, "differences": differences,
        "digest": _digest(got), "expected_digest": _digest(want.items()),
    }))


if __name__ == "__main__":
    if sys.argv[1] == "prepare":
        prepare(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], int(sys.argv[6]))
    else:
        run(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6])
