// Small, located edits of TypeScript sources (found with the compiler's own parser, then spliced as text so
// the rest of the file keeps its layout): a property appended to an object literal, a member to a union.
import ts from 'typescript';

const parse = (file, text) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

/** Strips `as const`, `satisfies T` and parentheses around an initializer. */
function unwrap(node) {
  while (
    node &&
    (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node))
  ) {
    node = node.expression;
  }
  return node;
}

function find(node, predicate) {
  if (predicate(node)) return node;
  return ts.forEachChild(node, (child) => find(child, predicate));
}

const propertyName = (property) =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
    ? property.name.text
    : undefined;

const lineIndentation = (text, position) =>
  /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', position - 1) + 1))[0];

/** The object literal a `const <name> = { ... }` declaration holds, with its property names. */
export function objectLiteralOf(file, text, constName) {
  const declaration = find(
    parse(file, text),
    (node) => ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === constName,
  );
  const literal = unwrap(declaration?.initializer);
  if (!literal || !ts.isObjectLiteralExpression(literal)) {
    throw new Error(`${file}: cannot find the object literal of ${constName}`);
  }
  return { literal, keys: literal.properties.map(propertyName) };
}

/** Appends `key: valueSource` as the last property of `const <constName> = { ... }`, one property a line. */
export function appendObjectProperty(file, text, constName, key, valueSource) {
  const { literal, keys } = objectLiteralOf(file, text, constName);
  if (keys.includes(key)) throw new Error(`${file}: ${constName} already has "${key}"`);
  const last = literal.properties.at(-1);
  const quotedKey = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`;
  if (!last) {
    const open = literal.getStart();
    return `${text.slice(0, open + 1)}\n  ${quotedKey}: ${valueSource},\n${text.slice(open + 1)}`;
  }
  const indentation = lineIndentation(text, last.getStart());
  const comma = literal.properties.hasTrailingComma ? '' : ',';
  const after = literal.properties.hasTrailingComma ? text.indexOf(',', last.end) + 1 : last.end;
  return `${text.slice(0, after)}${comma}\n${indentation}${quotedKey}: ${valueSource},${text.slice(after)}`;
}

/** Adds `'<member>'` to the string-literal union typing property `property` of interface/type `typeName`. */
export function addUnionMember(file, text, typeName, property, member) {
  const owner = find(
    parse(file, text),
    (node) =>
      (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name.text === typeName,
  );
  const members = owner && (ts.isInterfaceDeclaration(owner) ? owner.members : owner.type.members);
  const signature = members?.find((candidate) => propertyName(candidate) === property);
  if (!signature?.type) throw new Error(`${file}: cannot find ${typeName}['${property}']`);
  const literals = ts.isUnionTypeNode(signature.type) ? signature.type.types : [signature.type];
  const values = literals.map((node) => (ts.isLiteralTypeNode(node) ? node.literal.text : undefined));
  if (values.includes(member))
    throw new Error(`${file}: ${typeName}['${property}'] already includes '${member}'`);
  const end = signature.type.end;
  return `${text.slice(0, end)} | '${member}'${text.slice(end)}`;
}

/** Where `interface <typeName>` or `type <typeName>` is declared among `files`, or undefined. */
export function fileDeclaring(tree, files, typeName) {
  const declaration = new RegExp(`^\\s*(export\\s+)?(declare\\s+)?(interface|type)\\s+${typeName}\\b`, 'm');
  return files.find((file) => declaration.test(tree.read(file, 'utf-8') ?? ''));
}
