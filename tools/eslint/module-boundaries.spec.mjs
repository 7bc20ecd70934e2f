import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { moduleBoundariesRule } from './module-boundaries.rule.mjs';
import { clearWorkspaceCache } from './workspace-projects.mjs';

// RuleTester registers its cases through the test framework's globals; hand it Vitest's.
RuleTester.describe = describe;
RuleTester.it = it;

// A throwaway workspace shaped like ours: project.json tags decide each folder's scope.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'payday-boundaries-'));
const projects = {
  'libs/contracts': 'scope:shared',
  'libs/web-kit': 'scope:shared',
  'services/waitlist': 'scope:service',
  'services/auth': 'scope:service',
  'frontends/shell': 'scope:frontend',
  'frontends/public-site': 'scope:frontend',
  'gateway/dev': 'scope:tooling',
  tools: 'scope:tooling',
};

function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value));
}

writeJson(path.join(root, 'package.json'), {
  name: 'fixture',
  workspaces: ['libs/*', 'services/*', 'frontends/*', 'gateway/dev', 'tools'],
});
for (const [dir, tag] of Object.entries(projects)) {
  const name = dir === 'gateway/dev' ? 'dev-gateway' : path.basename(dir);
  writeJson(path.join(root, dir, 'package.json'), { name: `@payday/${name}` });
  writeJson(path.join(root, dir, 'project.json'), { name, tags: [tag] });
}

const file = (relative) => path.join(root, relative);
const options = [{ workspaceRoot: root }];

beforeAll(() => clearWorkspaceCache());
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const ruleTester = new RuleTester({
  languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
});

ruleTester.run('module-boundaries', moduleBoundariesRule, {
  valid: [
    // apps depend on libs
    {
      code: "import { PRODUCT_NAME } from '@payday/contracts';",
      filename: file('frontends/shell/src/App.tsx'),
      options,
    },
    {
      code: "import { x } from '@payday/contracts/extra';",
      filename: file('services/auth/src/main.ts'),
      options,
    },
    {
      code: "import { api } from '../../../../libs/web-kit/src/api-client.js';",
      filename: file('frontends/shell/src/x/y.ts'),
      options,
    },
    // inside one project anything goes
    {
      code: "import { a } from './join.service.js';",
      filename: file('services/waitlist/src/join.controller.ts'),
      options,
    },
    { code: "import { b } from '../x.js';", filename: file('libs/contracts/src/sub/y.ts'), options },
    // libs may use libs
    { code: "import { z } from '@payday/contracts';", filename: file('libs/web-kit/src/index.ts'), options },
    // tooling may start services and read frontends
    { code: "import '../services/waitlist/dist/main.js';", filename: file('tools/start.mjs'), options },
    // third-party packages and node built-ins are none of this rule's business
    {
      code: "import React from 'react'; import fs from 'node:fs';",
      filename: file('frontends/shell/src/App.tsx'),
      options,
    },
    // files outside any project (root configs, tests/) are not checked
    {
      code: "import { SERVICE_ROUTES } from '../libs/contracts/src/routes.js'; import '../services/auth/src/main.js';",
      filename: file('tests/contract.test.ts'),
      options,
    },
    // dynamic imports with a computed specifier cannot be resolved and are left alone
    { code: 'const m = await import(name);', filename: file('frontends/shell/src/load.ts'), options },
  ],
  invalid: [
    {
      code: "import { JoinService } from '@payday/waitlist';",
      filename: file('frontends/public-site/src/Join.tsx'),
      options,
      errors: [{ messageId: 'frontendImportsService', data: { from: 'public-site', to: 'waitlist' } }],
    },
    {
      code: "import { x } from '../../../../services/auth/src/tokens.js';",
      filename: file('frontends/shell/src/session/use-session.ts'),
      options,
      errors: [{ messageId: 'frontendImportsService' }],
    },
    {
      code: "const m = await import('../../../services/waitlist/src/x.js');",
      filename: file('frontends/shell/src/lazy.ts'),
      options,
      errors: [{ messageId: 'frontendImportsService' }],
    },
    {
      code: "export * from '@payday/auth';",
      filename: file('frontends/shell/src/reexport.ts'),
      options,
      errors: [{ messageId: 'frontendImportsService' }],
    },
    {
      code: "import { App } from '@payday/shell';",
      filename: file('libs/web-kit/src/index.ts'),
      options,
      errors: [{ messageId: 'libImportsApp', data: { from: 'web-kit', to: 'shell' } }],
    },
    {
      code: "import { main } from '../../../../services/waitlist/src/main.js';",
      filename: file('libs/contracts/src/a/b.ts'),
      options,
      errors: [{ messageId: 'libImportsApp' }],
    },
    {
      code: "import { start } from '../../../../gateway/dev/src/main.mjs';",
      filename: file('libs/contracts/src/a/c.ts'),
      options,
      errors: [{ messageId: 'libImportsApp', data: { from: 'contracts', to: 'dev-gateway' } }],
    },
    {
      code: "export { run } from '@payday/tools';",
      filename: file('libs/contracts/src/d.ts'),
      options,
      errors: [{ messageId: 'libImportsApp' }],
    },
    {
      code: "import { UserEntity } from '@payday/auth';",
      filename: file('services/waitlist/src/approve.service.ts'),
      options,
      errors: [{ messageId: 'serviceImportsService', data: { from: 'waitlist', to: 'auth' } }],
    },
    {
      code: "const { x } = require('../../auth/src/x.js');",
      filename: file('services/waitlist/src/legacy.cjs'),
      options,
      languageOptions: { sourceType: 'commonjs' },
      errors: [{ messageId: 'serviceImportsService' }],
    },
  ],
});

// Type-only imports cross the boundary as well; the TypeScript parser must not hide them.
new RuleTester({ languageOptions: { parser: tseslint.parser } }).run(
  'module-boundaries (TypeScript)',
  moduleBoundariesRule,
  {
    valid: [
      {
        code: "import type { JoinRequest } from '@payday/contracts';",
        filename: file('frontends/shell/src/a.ts'),
        options,
      },
    ],
    invalid: [
      {
        code: "import type { User } from '@payday/auth';",
        filename: file('frontends/shell/src/b.ts'),
        options,
        errors: [{ messageId: 'frontendImportsService' }],
      },
    ],
  },
);

// Without the option the rule finds the workspace root from the file itself.
new RuleTester().run('module-boundaries (root discovered)', moduleBoundariesRule, {
  valid: [{ code: "import '@payday/contracts';", filename: file('services/auth/src/c.ts') }],
  invalid: [
    {
      code: "import '@payday/waitlist';",
      filename: file('services/auth/src/d.ts'),
      errors: [{ messageId: 'serviceImportsService' }],
    },
  ],
});
