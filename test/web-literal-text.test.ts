import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No screen text is written outside the message catalogues: the web's code holds no JSX text
 * with words in it, no words in the attributes a reader or a screen reader meets, and no words
 * handed straight to a toast or a page's title. Words come from `t(id)` or `<T id>`.
 */

const root = join(import.meta.dirname, '..');
const webDir = join(root, 'src/web');

/** Attributes whose value a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label', 'description', 'hint', 'emptyText']);
/** Words that are the same in every language: names and symbols. */
const SAME_EVERYWHERE = new Set(['Corisk', 'VIES', 'Stripe', 'OpenAI', 'GLEIF', 'LEI', 'NACE', 'INFORM', 'Copernicus', 'GitHub', 'API', 'PDF', 'CSV', 'XLSX', 'IBAN', 'EUR', '€', 'OK']);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Words a person would read: two letters in a row, not only names that stay the same. */
function hasWords(text: string): boolean {
  const words = text.match(/\p{L}{2,}/gu) ?? [];
  return words.some((w) => !SAME_EVERYWHERE.has(w));
}

function findings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    out.push(`${relative(root, file)}:${line + 1} ${JSON.stringify(text.trim().slice(0, 60))}`);
  };
  const literalText = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    if (ts.isJsxExpression(node)) return literalText(node.expression);
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = literalText(node.expression);
      if (text && hasWords(text)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source))) {
      const text = literalText(node.initializer);
      if (text && hasWords(text)) report(node, text);
    }
    if (ts.isCallExpression(node) && /^(toast(\.\w+)?|showToast|notify)$/.test(node.expression.getText(source))) {
      for (const arg of node.arguments) {
        const text = literalText(arg);
        if (text && hasWords(text)) report(arg, text);
      }
    }
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'usePageMeta') {
      const [meta] = node.arguments;
      if (meta && ts.isObjectLiteralExpression(meta)) {
        for (const p of meta.properties) {
          const text = ts.isPropertyAssignment(p) ? literalText(p.initializer) : null;
          if (text && hasWords(text)) report(p, text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('screen text', () => {
  it('is written in the message catalogues, not in the web code', () => {
    const found = files(webDir).flatMap(findings);
    expect(found).toEqual([]);
  });
});
