import type { ReactNode } from 'react';
import { TextLink } from '../static/content';
import { CodeBlock } from './code-block';

/**
 * The little Markdown an OpenAPI description holds (paragraphs, lists, fenced code, `code`,
 * **bold**, [links](...)), drawn as React elements: the document's text never becomes HTML.
 */
export function Markdown({ text, codeLabel = 'Example' }: { text: string; codeLabel?: string }) {
  return (
    <div className="flex flex-col gap-3 leading-relaxed">
      {blocks(text).map((block, index) => {
        const key = `${index}-${block.kind}`;
        if (block.kind === 'code') return <CodeBlock key={key} code={block.text} label={codeLabel} />;
        if (block.kind === 'heading') {
          return (
            <h4 key={key} className="font-semibold">
              <Inline text={block.text} />
            </h4>
          );
        }
        if (block.kind === 'ol' || block.kind === 'ul') {
          const List = block.kind;
          return (
            <List
              key={key}
              className={`flex flex-col gap-2 pl-5 marker:text-muted-foreground ${block.kind === 'ol' ? 'list-decimal' : 'list-disc'}`}
            >
              {block.items.map((item) => (
                <li key={item}>
                  <Inline text={item} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={key}>
            <Inline text={block.text} />
          </p>
        );
      })}
    </div>
  );
}

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'ol'; items: string[] }
  | { kind: 'ul'; items: string[] };

const listItem = { ol: /^\d+\.\s+/, ul: /^[-*]\s+/ } as const;

function blocks(text: string): Block[] {
  const result: Block[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!line.trim()) continue;
    if (line.startsWith('```')) {
      const code: string[] = [];
      while (++i < lines.length && !(lines[i] ?? '').startsWith('```')) code.push(lines[i] ?? '');
      result.push({ kind: 'code', text: code.join('\n') });
    } else if (/^#{1,6}\s/.test(line)) {
      result.push({ kind: 'heading', text: line.replace(/^#+\s+/, '') });
    } else if (listItem.ol.test(line) || listItem.ul.test(line)) {
      const kind = listItem.ol.test(line) ? 'ol' : 'ul';
      const items: string[] = [];
      for (; i < lines.length && listItem[kind].test(lines[i] ?? ''); i++) {
        items.push((lines[i] ?? '').replace(listItem[kind], ''));
      }
      i--;
      result.push({ kind, items });
    } else {
      const paragraph: string[] = [];
      for (
        ;
        i < lines.length && (lines[i] ?? '').trim() && !/^(```|#|\d+\.\s|[-*]\s)/.test(lines[i] ?? '');
        i++
      ) {
        paragraph.push((lines[i] ?? '').trim());
      }
      i--;
      result.push({ kind: 'p', text: paragraph.join(' ') });
    }
  }
  return result;
}

const inlineToken = /(`[^`]+`|\*\*[^*]+\*\*|\[[^\]]+\]\([^)\s]+\))/g;

/** One line of Markdown: `code`, **bold** and [links](...) within plain text. */
export function Inline({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(inlineToken)) {
    const token = match[0];
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    if (token.startsWith('`')) {
      parts.push(
        <code key={at} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.875em] text-foreground">
          {token.slice(1, -1)}
        </code>,
      );
    } else if (token.startsWith('**')) {
      parts.push(<strong key={at}>{token.slice(2, -2)}</strong>);
    } else {
      const [, label = '', href = ''] = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(token) ?? [];
      parts.push(
        <TextLink key={at} href={sameSite(href)}>
          {label}
        </TextLink>,
      );
    }
    last = at + token.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

// The document names this site by its full address: such links stay in the app. Only web
// addresses become links.
function sameSite(href: string): string {
  try {
    const url = new URL(href, window.location.href);
    if (url.origin === window.location.origin) return `${url.pathname}${url.search}${url.hash}`;
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '#';
  } catch {
    return '#';
  }
}
