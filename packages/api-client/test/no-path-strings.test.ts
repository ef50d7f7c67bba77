/**
 * Issue 17's rule, kept by CI: an API path is written once, in its contract. The apps and the
 * client's own source reach endpoints only through `api.call(API.group.key, ...)` and
 * `api.uploadTo(...)`, so no path string, `/api/v1` prefix, path-string method call or direct
 * `fetch` may appear there. Tests and test fakes are exempt: they play the server.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ENDPOINTS } from '@talaqa/domain';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const SCANNED = ['apps/web/src', 'apps/admin/src', 'apps/landing/src', 'packages/api-client/src'];
/** Only the apps are kept from `fetch`: the client's transport is where the one fetch lives. */
const APPS = SCANNED.filter((folder) => folder.startsWith('apps/'));

/**
 * An app's route registry (`src/paths.ts`): spec section 2 gives some pages the path of an API
 * endpoint (`/lesson/:id`, `/user/:id`), so there a contract path is a page, not a request.
 */
const isRouteRegistry = (path: string) => /^apps\/[a-z]+\/src\/paths\.ts$/.test(path);

const isTestFile = (path: string) =>
  /\.(test|spec)\.tsx?$/.test(path) || /(^|\/)(test|tests|testing|__tests__|fakes?)\//.test(path);

/** The methods the client used to offer with a path argument (`api.get('/plan/list')`). */
const PATH_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'request', 'upload']);

/** Every contract path as one pattern: `/lesson/:id` matches `/lesson/5` and `/lesson/${id}`. */
const CONTRACT_PATH = new RegExp(
  `^(${[...new Set(ENDPOINTS.map((definition) => definition.path))]
    .map((path) =>
      path
        .split(/:[A-Za-z0-9_]+/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/?#]+'),
    )
    .join('|')})/?([?#].*)?$`,
);

export interface Finding {
  line: number;
  rule: 'api-prefix' | 'contract-path' | 'path-method' | 'fetch';
  text: string;
}

/** A literal's text, a template's parts joined with `X` for each substitution. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `X${span.literal.text}`).join('');
  }
  return null;
}

export interface ScanOptions {
  /** The apps' code: no direct `fetch`. */
  forbidFetch: boolean;
  /** An app's route registry: contract paths there are pages. */
  routes: boolean;
}

export function findPathStrings(fileName: string, text: string, options: ScanOptions): Finding[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const findings: Finding[] = [];
  const report = (node: ts.Node, rule: Finding['rule']) =>
    findings.push({
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      rule,
      text: node.getText(source),
    });

  function visit(node: ts.Node): void {
    const literal = literalText(node);
    if (literal !== null) {
      if (literal.includes('/api/v1')) report(node, 'api-prefix');
      else if (!options.routes && literal.startsWith('/') && CONTRACT_PATH.test(literal)) {
        report(node, 'contract-path');
      }
      // A template's parts are not visited again: the whole template was judged.
      return;
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && PATH_METHODS.has(callee.name.text)) {
        const pathArgument = callee.name.text === 'request' ? node.arguments[1] : node.arguments[0];
        const path = pathArgument ? literalText(pathArgument) : null;
        if (path?.startsWith('/')) report(node, 'path-method');
      }
      const name = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
      if (options.forbidFetch && ts.isIdentifier(name) && name.text === 'fetch') {
        report(node, 'fetch');
      }
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  return findings;
}

function* sourceFiles(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

describe('the rule itself', () => {
  const find = (code: string, options: Partial<ScanOptions> = {}) =>
    findPathStrings('sample.ts', code, { forbidFetch: true, routes: false, ...options }).map(
      ({ rule, line }) => `${line}:${rule}`,
    );

  it('finds the prefix, a contract path (with params filled in), path-method calls and fetch', () => {
    expect(find("const a = 'http://localhost:4000/api/v1/health';")).toEqual(['1:api-prefix']);
    expect(find('const b = `${origin}/api/v1/plan/list`;')).toEqual(['1:api-prefix']);
    expect(find("const c = '/plan/list';")).toEqual(['1:contract-path']);
    expect(find('const d = `/lesson/${id}`;')).toEqual(['1:contract-path']);
    expect(find("const e = '/lesson/5?x=1';")).toEqual(['1:contract-path']);
    expect(find("api.get('/anything/at/all');")).toEqual(['1:path-method']);
    expect(find("http.request('GET', '/anything');")).toEqual(['1:path-method']);
    expect(find('client.upload(`/x/${id}`, form);')).toEqual(['1:path-method']);
    expect(find("\n\nfetch(url, { method: 'POST' });")).toEqual(['3:fetch']);
    expect(find('window.fetch(url);')).toEqual(['1:fetch']);
  });

  it('leaves comments, app routes, other gets and the allowed calls alone', () => {
    expect(
      find(`
        // GET /plan/list answers the plans; see /api/v1 in the reference.
        /** PUT /user/asset?forUser={id} */
        const route = '/plans';
        const next = search.get('next');
        const user = tokens.get();
        api.call(API.plans.list, { query: {} });
        api.uploadTo(API.assets.uploadImage, form, { onProgress });
        void query.refetch();
      `),
    ).toEqual([]);
    // The client's transport may fetch; the apps may not.
    expect(find('fetch(url);', { forbidFetch: false })).toEqual([]);
    // A page of the app's route registry may share an endpoint's path; never the prefix.
    expect(find("const lesson = '/lesson/:id';", { routes: true })).toEqual([]);
    expect(find("const x = '/api/v1/lesson/:id';", { routes: true })).toEqual(['1:api-prefix']);
  });
});

describe('the sources', () => {
  it('hold no API path string, path-string call or direct fetch outside tests', () => {
    const findings = SCANNED.flatMap((folder) =>
      [...sourceFiles(join(root, folder))]
        .map((file) => relative(root, file))
        .filter((file) => !isTestFile(file))
        .flatMap((file) =>
          findPathStrings(file, readFileSync(join(root, file), 'utf8'), {
            forbidFetch: APPS.some((app) => file.startsWith(`${app}/`)),
            routes: isRouteRegistry(file),
          }).map(({ line, rule, text }) => `${file}:${line} ${rule} ${text}`),
        ),
    );
    expect(findings).toEqual([]);
  }, 30_000);

  it('scans every folder it names (a moved folder must not make the test pass)', () => {
    for (const folder of SCANNED) {
      const files = [...sourceFiles(join(root, folder))].filter((file) => !isTestFile(file));
      expect(files.length, folder).toBeGreaterThan(3);
    }
  });
});
