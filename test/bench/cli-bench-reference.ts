/**
 * The references of cli.bench.ts that are not rulewright: a whole Python process doing what
 * `extract --rules FILE --input DOCS` does with the `regex` module (the engine RuleChef runs rules
 * with), and whether RuleChef itself is installed to time its ranking.
 */
import { spawnSync } from 'node:child_process';

const importable = (module: string): boolean => spawnSync('python3', ['-c', `import ${module}`], { encoding: 'utf8' }).status === 0;

/** Why the Python `regex` reference cannot run here, or undefined when it can. */
export const pythonRegexMissing: string | undefined = importable('regex') ? undefined : 'python3 with the regex module is not installed (pip install regex)';

/** Why RuleChef's own ranking is not timed here (its harness is not installed), or undefined when it is installed. */
export const rulechefHarnessMissing: string | undefined = importable('rulechef') ? undefined : 'not installed on this machine (pip install rulechef)';

/**
 * `python3 -c PYTHON_EXTRACT RULES DOCS`: loads a RuleChef ruleset (a list, `{rules}` or
 * `{result: {rules}}`), compiles every rule's `content` with `regex`, and for each JSONL document
 * writes one JSON line with every rule's spans (the template group's offsets, empty ones dropped),
 * as `extract` writes its output: the same reading, matching and writing, without conflict
 * resolution or screening.
 */
export const PYTHON_EXTRACT = `
import json, sys, regex
data = json.load(open(sys.argv[1], encoding='utf-8'))
rules = data if isinstance(data, list) else data.get('rules') or data['result']['rules']
compiled = []
for r in rules:
    t = r.get('output_template') or {}
    g = t.get('text', '$0')
    group = int(g[1:]) if isinstance(g, str) and g[1:].isdigit() else 0
    compiled.append((regex.compile(r['content']), group, t.get('type') or t.get('label') or r.get('name'), r.get('name')))
out = sys.stdout
with open(sys.argv[2], encoding='utf-8') as f:
    for n, line in enumerate(f, 1):
        if not line.strip():
            continue
        doc = json.loads(line)
        text = doc['text']
        spans = []
        for rx, group, label, name in compiled:
            for m in rx.finditer(text):
                s, e = m.span(group)
                if s >= 0 and e > s:
                    spans.append({'start': s, 'end': e, 'label': label, 'text': text[s:e], 'rule_id': name})
        out.write(json.dumps({'id': doc.get('id'), 'line': n, 'spans': spans}) + '\\n')
`;
