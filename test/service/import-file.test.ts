import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { useTempDir } from '../helpers/temp.js';

describe('importFile of a csv', () => {
  const tmp = useTempDir();
  const file = (name: string, content: string) => {
    writeFileSync(tmp.path(name), content);
    return tmp.path(name);
  };
  const open = () => Workspace.open({ db: tmp.path('w.db'), create: true });

  // the store's key finds duplicate ids; the message still names the line of each record,
  // also after a record that spans lines and a blank line
  test.each([
    ['within the file', 'id,text,label\na,hi,x\n"b","multi\nline",y\n\na,again,x\n', {}, ':6: duplicate id "a" (first used at {f}:2); ids must be unique'],
    ['within the file, with --delimiter', 'id;text;label\na;hi;x\n"b";"multi\nline";y\na;again;x\n', { csv: { delimiter: ';' } }, ':5: duplicate id "a" (first used at {f}:2)'],
    ['already in the dataset', 'id,text,label\nz,hi,x\n"q","multi\nline",y\nold,again,x\n', {}, ':5: duplicate id "old": the dataset already has an example with this id'],
  ])('a duplicate id %s is refused with FILE:LINE and nothing is written', (_what, content, opts, fragment) => {
    const ws = open();
    ws.importFile(file('first.csv', 'id,text,label\nold,first,x\n'), { create: { name: 'd' } });
    const p = file('second.csv', content);
    expect(() => ws.importFile(p, { ...opts, dataset: 'd' })).toThrow(
      expect.objectContaining({ code: 'BAD_INPUT', message: expect.stringContaining(`${p}${fragment.replace('{f}', p)}`) }),
    );
    expect(ws.dataset().stats().examples).toBe(1);
    ws.close();
  });
});
