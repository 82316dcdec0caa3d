/** The shell lines of a README section's `sh` code blocks, comments dropped; the section runs to the next `## `. */
export function tourLines(readme: string, heading = '## A five-minute tour'): string[] {
  const start = readme.indexOf(heading);
  if (start < 0) throw new Error(`the README has no section "${heading}"`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const lines: string[] = [];
  for (const block of section.matchAll(/```sh\n([\s\S]*?)```/g))
    for (const raw of block[1]!.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      if (line) lines.push(line);
    }
  return lines;
}
