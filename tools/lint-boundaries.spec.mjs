// The module boundaries of eslint.config.js (@nx/enforce-module-boundaries with scope and platform tags),
// checked on virtual files placed inside real projects of this workspace.
import { join } from 'node:path';
import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './lib/paths.mjs';

const RULE = '@nx/enforce-module-boundaries';
const eslint = new ESLint({ cwd: REPO_ROOT });

/** The boundary messages ESLint reports for `code` as if it were the file at `path` (from the repository root). */
async function boundaryErrors(path, code) {
  const [result] = await eslint.lintText(code, { filePath: join(REPO_ROOT, path) });
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

// The rule reads Nx's cached project graph and silently skips every check when there is none (a fresh clone).
beforeAll(async () => {
  await createProjectGraphAsync({ exitOnError: false });
}, 60_000);

describe('module boundaries', () => {
  it('stops a frontend from importing the node-only @paycadence/nest-kit', async () => {
    const errors = await boundaryErrors(
      'frontends/dashboard/src/boundary-probe.ts',
      "import { ConfigModule } from '@paycadence/nest-kit';\nexport { ConfigModule };\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /tagged with "platform:browser" can only depend on libs tagged with "platform:browser", "platform:universal"/,
      ),
    ]);
  });

  it('stops a service from importing another service, by package name or by path', async () => {
    // A service has no package entry point, so a by-name import reaches into its files.
    const byName = await boundaryErrors(
      'services/finance/src/boundary-probe.ts',
      "import '@paycadence/auth/src/main.js';\n",
    );
    expect(byName).toEqual([expect.stringMatching(/Imports of apps are forbidden/)]);
    const byPath = await boundaryErrors(
      'services/finance/src/boundary-probe.ts',
      "import '../../auth/src/main.js';\n",
    );
    expect(byPath).toEqual([
      expect.stringMatching(/Projects cannot be imported by a relative or absolute path/),
    ]);
  });

  it('keeps universal libs free of browser and node libs', async () => {
    const errors = await boundaryErrors(
      'libs/finance-rules/src/boundary-probe.ts',
      "import '@paycadence/web-kit';\nimport '@paycadence/nest-kit';\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /tagged with "platform:universal" can only depend on libs tagged with "platform:universal"/,
      ),
      expect.stringMatching(
        /tagged with "platform:universal" can only depend on libs tagged with "platform:universal"/,
      ),
    ]);
  });

  it('stops a lib from importing an app', async () => {
    const errors = await boundaryErrors(
      'libs/finance-rules/src/boundary-probe.ts',
      "import '@paycadence/waitlist/src/main.js';\n",
    );
    expect(errors).toEqual([expect.stringMatching(/Imports of apps are forbidden/)]);
  });

  it('lets apps use the libs their platform allows', async () => {
    const frontend =
      "import { PRODUCT_NAME } from '@paycadence/contracts';\nimport '@paycadence/finance-rules';\nimport '@paycadence/web-kit';\nexport { PRODUCT_NAME };\n";
    expect(await boundaryErrors('frontends/shell/src/boundary-probe.ts', frontend)).toEqual([]);
    const service =
      "import '@paycadence/contracts';\nimport '@paycadence/nest-kit';\nimport '@paycadence/finance-rules';\n";
    expect(await boundaryErrors('services/finance/src/boundary-probe.ts', service)).toEqual([]);
  });
});
