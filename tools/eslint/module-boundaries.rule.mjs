// Module boundaries by Nx scope tag (CONVENTIONS §8, DESIGN §2): dependencies point from apps to libs;
// frontends never import services, libs never import apps, and services talk over HTTP or Redis, not code.
import path from 'node:path';
import {
  findWorkspaceRoot,
  getWorkspace,
  projectContaining,
  projectImportedBy,
} from './workspace-projects.mjs';

const APP_SCOPES = new Set(['service', 'frontend', 'tooling']);

function violation(from, to) {
  if (!from?.scope || !to?.scope || from === to) return undefined;
  if (from.scope === 'frontend' && to.scope === 'service') return 'frontendImportsService';
  if (from.scope === 'shared' && APP_SCOPES.has(to.scope)) return 'libImportsApp';
  if (from.scope === 'service' && to.scope === 'service') return 'serviceImportsService';
  return undefined;
}

export const moduleBoundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce project boundaries from the scope:* tags in each project.json' },
    schema: [
      {
        type: 'object',
        properties: { workspaceRoot: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      frontendImportsService:
        'Frontend "{{from}}" must not import service "{{to}}": call it over HTTP through the gateway and share types via @payday/contracts.',
      libImportsApp:
        'Library "{{from}}" must not import app "{{to}}": libraries never depend on services, frontends or tooling.',
      serviceImportsService:
        'Service "{{from}}" must not import service "{{to}}": services talk over HTTP or the Redis transport; move shared code into a lib.',
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    if (!filename || !path.isAbsolute(filename)) return {};
    const root = context.options[0]?.workspaceRoot ?? findWorkspaceRoot(path.dirname(filename));
    if (!root) return {};
    const workspace = getWorkspace(path.resolve(root));
    const from = projectContaining(workspace, filename);
    if (!from?.scope) return {};

    function specifierOf(node) {
      if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
      // import(`../x`) with no placeholders is as static as a string literal
      if (node?.type === 'TemplateLiteral' && node.expressions.length === 0)
        return node.quasis[0].value.cooked;
      return undefined;
    }

    function check(node) {
      const specifier = specifierOf(node);
      if (specifier === undefined) return;
      const to = projectImportedBy(workspace, filename, specifier);
      const messageId = violation(from, to);
      if (messageId) context.report({ node, messageId, data: { from: from.name, to: to.name } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};
