import type { ReactNode } from 'react';
import { useActiveAnchor } from '../../hooks/use-active-anchor';
import { cn } from '../../lib/cn';
import { descriptionSections, endpointsByTag, type OpenApiDocument, schemaAnchor } from '../../lib/openapi';
import { MethodBadge } from './method-badge';

const linkClass =
  'flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

/** The reference's contents: the introduction's parts, each endpoint by tag, the schemas. */
export function ReferenceNav({ document, label }: { document: OpenApiDocument; label: string }) {
  const introduction = [
    { anchor: 'at-a-glance', title: 'At a glance' },
    ...descriptionSections(document).sections,
  ];
  const groups = endpointsByTag(document);
  const schemas = Object.keys(document.components?.schemas ?? {});
  const active = useActiveAnchor([
    ...introduction.map((section) => section.anchor),
    ...groups.flatMap((group) => group.endpoints.map((endpoint) => endpoint.anchor)),
    ...schemas.map(schemaAnchor),
  ]);
  const link = (anchor: string, children: ReactNode, className?: string) => (
    <li key={anchor}>
      <a
        href={`#${anchor}`}
        aria-current={active === anchor ? 'location' : undefined}
        className={cn(linkClass, active === anchor && 'bg-primary-soft text-primary', className)}
      >
        {children}
      </a>
    </li>
  );
  return (
    <nav aria-label={label} className="flex flex-col gap-5">
      <Group title="Introduction">{introduction.map((section) => link(section.anchor, section.title))}</Group>
      {groups.map((group) => (
        <Group key={group.name} title={group.name}>
          {group.endpoints.map((endpoint) =>
            link(
              endpoint.anchor,
              <>
                <MethodBadge method={endpoint.method} className="w-12" />
                <span className="truncate">{endpoint.operation.summary ?? endpoint.path}</span>
              </>,
            ),
          )}
        </Group>
      ))}
      {schemas.length > 0 ? (
        <Group title="Schemas">{schemas.map((name) => link(schemaAnchor(name), name, 'font-mono'))}</Group>
      ) : null}
    </nav>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="px-2 text-xs font-semibold tracking-wider text-foreground uppercase">{title}</p>
      <ul className="flex flex-col">{children}</ul>
    </div>
  );
}
