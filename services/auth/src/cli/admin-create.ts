// `node services/auth/dist/cli/admin-create.js --email … --password …` (npm run admin:create wraps it).
import { runAdminCreate } from './admin-create.command.js';

const outcome = await runAdminCreate(process.argv.slice(2));
(outcome.exitCode === 0 ? console.log : console.error)(outcome.message);
process.exitCode = outcome.exitCode;
