// TypeDoc plugin for the docs site (`pnpm build:docs`): modules are named after their package
// entry (`@viewlink/cms`, `@viewlink/web/consent`) instead of their folder (`cms/src`), and the
// guides get short navigation labels, grouped in folders ("Getting started/...", "Guides/...",
// "Decisions/..."). Labels live here because biome's markdown formatter breaks YAML front matter.
// Option `requirePropertyDocs`: properties of exported classes and interfaces need TSDoc too (typedoc's
// own `notDocumented` check cannot require them without also requiring every inferred type-literal
// member, thousands of them in the zod-derived types).
import { readFileSync } from 'node:fs';
import { Application, Comment, Converter, ParameterType, ReflectionKind } from 'typedoc';

/** Navigation label per guide (path under docs/ without `.md`); others use their first heading. */
const labels = {
  'getting-started/partner': 'Getting started/Partner backend',
  'getting-started/web': 'Getting started/Web app',
  'getting-started/cms': 'Getting started/CMS client',
  'getting-started/mock': 'Getting started/Mock service',
  'token-lifecycle': 'Guides/Token lifecycle',
  partner: 'Guides/Partner backend client',
  'partner-webhooks': 'Guides/Webhooks and data files',
  web: 'Guides/Browser SDK',
  'extension-protocol': 'Guides/Extension bridge protocol',
  cms: 'Guides/CMS client',
  errors: 'Guides/Errors',
  testing: 'Guides/Testing your app',
  wordpress: 'Guides/Real WordPress for tests',
  demo: 'Guides/The demo',
  runtimes: 'Guides/Runtimes',
  releasing: 'Guides/Releasing',
  benchmarks: 'Benchmarks',
  decisions: 'Decisions/Overview',
  'decisions/partner': 'Decisions/Partner API',
  'decisions/partner-webhooks': 'Decisions/Partner webhooks',
  'decisions/web': 'Decisions/Browser SDK',
  'decisions/cms': 'Decisions/CMS client',
  'decisions/cms-seo-forms': 'Decisions/CMS seo and forms',
  'decisions/cms-fake': 'Decisions/CMS fake and contract suite',
};

/** `cms/src` → `@viewlink/cms`, `transport/src/errors` → `@viewlink/transport/errors`. */
function packageEntryName(name) {
  const match = /^([\w-]+)\/src(?:\/(.+))?$/.exec(name);
  if (!match) return name;
  const [, pkg, entry] = match;
  return entry === undefined || entry === 'index' ? `@viewlink/${pkg}` : `@viewlink/${pkg}/${entry}`;
}

function firstHeading(document) {
  const text = document.content.map((part) => part.text).join('');
  const heading = /^# (.+)$/m.exec(text)?.[1];
  return heading?.replace(/[^\w -]+/g, '').trim();
}

/** Properties of exported classes and interfaces without a doc comment (inherited ones excepted). */
/** Interfaces written by scripts/build-types.ts (`pnpm build:types`) from the zod schemas. */
const generatedInterfaces = new Set(
  [
    ...readFileSync(new URL('../packages/schemas/src/generated/types.ts', import.meta.url), 'utf8').matchAll(
      /^export interface (\w+)/gm,
    ),
  ].map((match) => match[1]),
);

function undocumentedProperties(project) {
  const missing = new Set();
  for (const property of project.getReflectionsByKind(ReflectionKind.Property)) {
    const owner = property.parent;
    if (!owner?.kindOf(ReflectionKind.Class | ReflectionKind.Interface)) continue;
    // Members derived from the schemas, as the inferred type literals were before: the generated
    // interfaces carry each field's schema description where one is registered (a route group's
    // mapped methods get their comment at EVENT_RESOLVE_END below).
    if (generatedInterfaces.has(owner.name)) continue;
    if (property.inheritedFrom || property.hasComment()) continue;
    // An error subclass's `name` is its class name; Error documents the field.
    if (property.name === 'name' && owner.extendedTypes?.length) continue;
    missing.add(`${owner.name}.${property.name}`); // once, however many entry points re-export it
  }
  return [...missing].sort();
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.options.addDeclaration({
    name: 'requirePropertyDocs',
    help: 'Fail validation when a property of an exported class or interface has no doc comment.',
    type: ParameterType.Boolean,
    defaultValue: false,
  });
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    if (!app.options.getValue('requirePropertyDocs')) return;
    for (const name of undocumentedProperties(project)) {
      app.logger.validationWarning(`${name} (property) does not have any documentation`);
    }
  });
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
    document.name = labels[document.name] ?? `Guides/${firstHeading(document) ?? document.name}`;
  });
  // A route group's methods are mapped from its route table: each names the route it calls.
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const member of context.project.getReflectionsByKind(ReflectionKind.Property | ReflectionKind.Method)) {
      const owner = member.parent;
      if (member.hasComment() || !owner?.extendedTypes?.some((type) => type.name === 'RouteGroup')) continue;
      member.comment = new Comment([
        {
          kind: 'text',
          text: `\`${owner.name}.${member.name}\`: one route of this group (see the route table in @viewlink/schemas).`,
        },
      ]);
    }
  });
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const child of context.project.children ?? []) {
      if (child.kindOf(ReflectionKind.Module)) child.name = packageEntryName(child.name);
    }
  });
}
