// Lists, per contract call, the business statuses its server handler can throw, found by walking the handler's
// call graph with the TypeScript checker: `new AppError(Status.X …)` (and its subclasses), `notFound()` → 602.
// An over-approximation (every branch of every function reached counts); the server's run-time check catches what a
// dynamic dispatch hides. Usage: node scripts/call-statuses.mjs [--write | --check]: prints, per call, the statuses its
// declaration lacks (beside the universal ones); --write adds them to the declarations, --check fails when any lacks one.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server/src');
const configPath = path.join(root, 'apps/server/tsconfig.json');
const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const checker = program.getTypeChecker();

const inServer = (node) => {
  const f = node.getSourceFile().fileName;
  return f.startsWith(serverDir) && !f.endsWith('.test.ts');
};

function resolve(node) {
  let sym = checker.getSymbolAtLocation(node);
  if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
  return sym;
}

function isAppErrorClass(sym) {
  for (const d of sym?.declarations ?? []) {
    if (!ts.isClassDeclaration(d)) continue;
    if (d.name?.text === 'AppError') return true;
    const ext = d.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    if (ext && isAppErrorClass(resolve(ext.expression))) return true;
  }
  return false;
}

/** `Status.X` names referenced under a node, following identifiers to constant tables (e.g. a problem → status map). */
function statusRefs(node, out, seen = new Set()) {
  const visit = (n) => {
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'Status') out.add(n.name.text);
    else if (ts.isIdentifier(n)) {
      const sym = resolve(n);
      for (const d of sym?.declarations ?? []) {
        if (ts.isVariableDeclaration(d) && d.initializer && inServer(d) && !seen.has(d)) {
          seen.add(d);
          statusRefs(d.initializer, out, seen);
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
}

const memo = new Map();

/** Statuses thrown by a function-like declaration's body and everything it references. */
function statusesOf(decl, stack = new Set()) {
  if (memo.has(decl)) return memo.get(decl);
  if (stack.has(decl)) return new Set();
  stack.add(decl);
  const out = new Set();
  const visit = (n) => {
    if (ts.isNewExpression(n) && isAppErrorClass(resolve(n.expression))) {
      for (const a of n.arguments ?? []) statusRefs(a, out);
      // A subclass fixes its status in its constructor.
      const sym = resolve(n.expression);
      for (const d of sym?.declarations ?? []) if (ts.isClassDeclaration(d) && d.name?.text !== 'AppError') statusRefs(d, out);
    } else if (ts.isIdentifier(n)) {
      for (const d of bodiesOf(resolve(n))) for (const s of statusesOf(d, stack)) out.add(s);
    }
    ts.forEachChild(n, visit);
  };
  visit(decl);
  stack.delete(decl);
  memo.set(decl, out);
  return out;
}

/** Function bodies a symbol stands for (function declarations, arrow/function constants, methods) inside the server. */
function bodiesOf(sym) {
  const out = [];
  for (const d of sym?.declarations ?? []) {
    if (!inServer(d)) continue;
    if (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d)) out.push(d);
    else if (ts.isVariableDeclaration(d) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
      out.push(d.initializer);
    else if (ts.isPropertyAssignment(d) && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) out.push(d.initializer);
  }
  return out;
}

const LITERAL_OF = new Map();
const result = new Map();
for (const sf of program.getSourceFiles()) {
  if (!sf.fileName.startsWith(serverDir) || !sf.fileName.endsWith('.routes.ts')) continue;
  const visit = (n) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'bind' && n.arguments.length === 2) {
      const [callRef, handler] = n.arguments;
      const sym = resolve(ts.isPropertyAccessExpression(callRef) ? callRef.name : callRef);
      const decl = sym?.declarations?.[0];
      const lit = decl && ts.isVariableDeclaration(decl) && ts.isCallExpression(decl.initializer) ? decl.initializer.arguments[0] : undefined;
      const nameProp = lit && ts.isObjectLiteralExpression(lit) && lit.properties.find((p) => p.name?.getText() === 'name');
      const callName = nameProp ? nameProp.initializer.text : sym?.name;
      // Only a literal declaration can be read (and written); one built otherwise is left to the run-time check.
      if (lit && ts.isObjectLiteralExpression(lit)) LITERAL_OF.set(callName, lit);
      const set = result.get(callName) ?? new Set();
      for (const s of statusesOf(handler)) set.add(s);
      result.set(callName, set);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}

const prop = (lit, name) => lit.properties.find((p) => p.name?.getText() === name);

/** The statuses a call needs to declare: thrown, not universal, not declared yet. */
function missing(lit, thrown) {
  const isPublic = prop(lit, 'access')?.initializer.getText() === "'public'";
  const universal = new Set(['BAD_PARAMS', 'SERVICE_UNAVAILABLE']);
  if (!isPublic) for (const s of ['NO_PERMISSION', 'TOKEN_INVALID', 'TOKEN_MISSING', 'TOKEN_EXPIRED']) universal.add(s);
  if (prop(lit, 'access')?.initializer.getText() === "'device'") for (const s of ['DEVICE_NOT_ALLOWED', 'DEVICE_DISABLED']) universal.add(s);
  if (prop(lit, 'upload')) for (const s of ['FILE_TYPE_ERROR', 'ONLY_ZIP']) universal.add(s);
  const declared = new Set();
  for (const name of ['statuses', 'fieldStatuses']) {
    const p = prop(lit, name);
    if (p) for (const m of p.initializer.getText().matchAll(/Status\.([A-Z0-9_]+)/g)) declared.add(m[1]);
  }
  return [...thrown].filter((s) => !universal.has(s) && !declared.has(s)).sort();
}

const edits = new Map();
for (const [name, thrown] of [...result].sort(([a], [b]) => a.localeCompare(b))) {
  const lit = LITERAL_OF.get(name);
  // A declaration built by a helper (a template-literal name) is not found here; the run-time check covers it.
  if (!lit) continue;
  const need = missing(lit, thrown);
  if (need.length === 0) continue;
  console.log(`${name}: ${need.join(', ')}`);
  const sf = lit.getSourceFile();
  const list = edits.get(sf) ?? [];
  const existing = prop(lit, 'statuses');
  const anchor = existing ?? prop(lit, 'access');
  const indent = ' '.repeat(sf.getLineAndCharacterOfPosition(anchor.getStart()).character);
  if (existing) {
    const arr = existing.initializer;
    list.push({ at: arr.elements.end, text: (arr.elements.length ? ', ' : '') + need.map((s) => `Status.${s}`).join(', ') });
  } else list.push({ at: anchor.end + 1, text: `\n${indent}statuses: [${need.map((s) => `Status.${s}`).join(', ')}],` });
  edits.set(sf, list);
}
if (process.argv.includes('--check') && edits.size > 0) process.exitCode = 1;
if (process.argv.includes('--write')) {
  for (const [sf, list] of edits) {
    let text = sf.getFullText();
    for (const e of list.sort((a, b) => b.at - a.at)) text = text.slice(0, e.at) + e.text + text.slice(e.at);
    if (!/import \{[^}]*\bStatus\b[^}]*\} from '\.\.\/errors\.js'/.test(text)) text = `import { Status } from '../errors.js';\n${text}`;
    fs.writeFileSync(sf.fileName, text);
  }
}
