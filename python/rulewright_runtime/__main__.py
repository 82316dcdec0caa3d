"""`python -m rulewright_runtime RULESET [INPUT]`: JSON lines in, `rulewright extract`'s lines out.

Input lines are `{"id"?, "text", "meta"?}` objects (other keys, such as gold `spans`, are ignored),
JSON strings, or plain text; blank lines are skipped. Refused rules are listed on stderr.
"""

import json
import sys

from .ruleset import Ruleset


def _doc(line: str):
    if line[:1] in ("{", '"', "["):
        value = json.loads(line)
        if isinstance(value, str):
            return None, value, None
        if not isinstance(value, dict):
            raise ValueError("a line must be an object, a JSON string or plain text")
        return value.get("id"), value.get("text") or "", value.get("meta")
    return None, line, None


def main(argv) -> int:
    if len(argv) not in (2, 3):
        print("usage: python -m rulewright_runtime RULESET.json [INPUT.jsonl]  (reads stdin without INPUT)", file=sys.stderr)
        return 2
    ruleset = Ruleset.load(argv[1])
    for r in ruleset.refused:
        print(f"refused {r.id} ({r.name}): {r.reason}", file=sys.stderr)
    src = open(argv[2], encoding="utf-8") if len(argv) == 3 else sys.stdin
    out = sys.stdout
    for n, raw in enumerate(src, 1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        doc_id, text, meta = _doc(line)
        row = {"id": doc_id} if doc_id is not None else {}
        row["line"] = n
        row.update(ruleset.extract(text, meta))
        out.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
