import { readFile, writeFile } from 'node:fs/promises';

/** A section of RESULTS.md that another benchmark writes: `## {title}` up to the next `## ` heading. */
export const LOAD_SECTION = 'Load: the embedded default and several processes on PostgreSQL, Redis and S3';
/** The makers' files (centerline, palette, cut-out, shapes): written by makers.ts. */
export const MAKERS_SECTION = "Makers' files: centerline, palette, cut-out layers, true shapes";
/** A trace's budget on the costliest inputs and settings: written by budget.ts. */
export const BUDGET_SECTION = "A trace's budget: the costliest settings on the costliest inputs";
/** Gradients against flat color: written by gradients.ts. */
export const GRADIENTS_SECTION = 'Gradients: smooth shading as one shape against bands of flat color';
/** The sections other benchmarks write, kept when run.ts writes the rest of the file. */
export const KEPT_SECTIONS = [MAKERS_SECTION, LOAD_SECTION, BUDGET_SECTION, GRADIENTS_SECTION];

const sectionPattern = (title: string) => new RegExp(`\\n## ${escapeRegExp(title)}\\n[\\s\\S]*?(?=\\n## |$)`);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The section as the file now holds it, with its heading, or '' if it has none. */
export async function readSection(file: string, title: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return sectionPattern(title).exec(text)?.[0] ?? '';
}

/** Puts the section (its body, without heading) in the file, replacing the one there or at the end. */
export async function writeSection(file: string, title: string, body: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  const section = `\n## ${title}\n\n${body.trim()}\n`;
  const pattern = sectionPattern(title);
  await writeFile(
    file,
    pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n${section}`,
  );
}
