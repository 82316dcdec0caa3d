import type { BadInput } from './types.js';

const lsTasks = (tasks: object[]) => JSON.stringify(tasks);

/**
 * Streams and imports that read nothing: inputs that are not regular files, and files that
 * would import no example. The endless streams (a pipe that never ends, a FIFO) run through the
 * real binary with a writer in test/cli/import-streams.test.ts.
 */
export const INPUT_STREAMS_CLASSES: BadInput[] = [
  { what: 'a character device of zeros', args: ['import', '/dev/zero'], code: 2, fragment: '/dev/zero:1: this is a binary file (a NUL byte at byte offset 0)' },
  { what: 'an empty character device', args: ['import', '/dev/null', '--format', 'jsonl'], code: 2, fragment: '/dev/null: the input is empty (0 bytes)' },
  { what: 'empty stdin', bin: true, args: ['import', '-'], code: 2, fragment: 'stdin: the input is empty (0 bytes)' },
  {
    what: 'a stray quote inside an unquoted CSV field',
    bin: true,
    files: { 'x.csv': 'text,label\nwh"ere is my card,card_arrival\n' },
    args: ['import', 'x.csv'],
    code: 2,
    fragment: 'x.csv:2: a quote (") inside field 1, which does not start with one (it starts "wh"); put the whole field in quotes and double each quote inside it, or pass --relax-quotes',
    fix: ['import', 'x.csv', '--relax-quotes'],
  },
  { what: 'a CSV header with no rows, into a new dataset', files: { 'x.csv': 'text,label\n' }, args: ['import', 'x.csv', '--name', 'new'], code: 2, fragment: 'x.csv:1: the CSV has a header but no rows' },
  {
    what: 'a Label Studio export whose "annotations" is an object',
    files: { 'ls.json': lsTasks([{ id: 1, data: { text: 'where is my card' }, annotations: { result: [{ type: 'choices', value: { choices: ['card'] } }] } }]) },
    args: ['import', 'ls.json', '--name', 'new'],
    code: 2,
    fragment: 'task 0: "annotations" must be a list of annotations like [{"result": [...]}]; found {"result":',
  },
  {
    what: 'a Label Studio export with no annotated task',
    files: { 'ls.json': lsTasks([{ id: 1, data: { text: 'where is my card' }, annotations: [] }]) },
    args: ['import', 'ls.json', '--name', 'new'],
    code: 2,
    fragment: 'ls.json: no examples were read from it as labelstudio (1 task(s) have no annotation (or only cancelled ones) and were skipped); nothing was imported',
  },
  {
    what: 'a SROIE folder with no receipt files',
    files: { 'receipts/box/README.md': 'scans', 'receipts/key/README.md': 'keys' },
    args: ['import', 'receipts', '--name', 'new'],
    code: 2,
    fragment: 'receipts/box: no receipts (NNN.csv or NNN.txt files of OCR lines)',
  },
  {
    what: 'a SROIE receipt with two box files',
    files: { 'r/box/000.csv': '1,1,2,1,2,2,1,2,TOTAL 9.00\n', 'r/box/000.txt': '1,1,2,1,2,2,1,2,TOTAL 9.00\n', 'r/key/000.json': '{"total": "9.00"}' },
    args: ['import', 'r', '--name', 'new'],
    code: 2,
    fragment: 'r/box/000.txt: receipt 000 has two files (000.csv too); keep one',
  },
];
