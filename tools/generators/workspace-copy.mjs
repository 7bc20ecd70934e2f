// A throw-away copy of the workspace for the generator test: every file git knows or would add (so work in
// progress counts), with node_modules linked rather than copied, and each @paycadence/* package pointing at the
// COPY's own folder so builds and tests in the copy read the copy's libs.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKSPACE_SCOPE = '@paycadence';

function copyTrackedFiles(from, to) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: from,
  })
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  for (const file of new Set(files)) {
    const source = path.join(from, file);
    if (!fs.existsSync(source) || !fs.statSync(source).isFile()) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(source, path.join(to, file));
  }
}

function linkNodeModules(from, to) {
  const modules = path.join(from, 'node_modules');
  fs.mkdirSync(path.join(to, 'node_modules'));
  for (const entry of fs.readdirSync(modules)) {
    if (entry !== WORKSPACE_SCOPE) {
      fs.symlinkSync(path.join(modules, entry), path.join(to, 'node_modules', entry));
      continue;
    }
    // workspace links are relative (../../libs/x): recreate them inside the copy
    fs.mkdirSync(path.join(to, 'node_modules', entry));
    for (const name of fs.readdirSync(path.join(modules, entry))) {
      const link = path.join(modules, entry, name);
      const target = fs.readlinkSync(link);
      fs.symlinkSync(target, path.join(to, 'node_modules', entry, name));
    }
  }
  // a workspace's own node_modules (versions that differ from the hoisted ones, tools' ajv 8)
  for (const group of ['libs', 'services', 'frontends', 'gateway']) {
    if (!fs.existsSync(path.join(from, group))) continue;
    for (const name of fs.readdirSync(path.join(from, group))) {
      const nested = path.join(from, group, name, 'node_modules');
      if (fs.existsSync(nested) && fs.existsSync(path.join(to, group, name))) {
        fs.symlinkSync(nested, path.join(to, group, name, 'node_modules'));
      }
    }
  }
  if (fs.existsSync(path.join(from, 'tools/node_modules'))) {
    fs.symlinkSync(path.join(from, 'tools/node_modules'), path.join(to, 'tools/node_modules'));
  }
}

/** Copies the workspace into a new temporary folder and returns its path. */
export function copyWorkspace(from = repoRoot) {
  const to = fs.mkdtempSync(path.join(os.tmpdir(), 'payday-generators-'));
  copyTrackedFiles(from, to);
  linkNodeModules(from, to);
  return to;
}

/** Runs a command to its end; resolves with its exit code and its stdout and stderr together. */
export function run(command, args, { cwd, env = {} }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: {
        ...process.env,
        NX_NO_CLOUD: 'true',
        NX_DAEMON: 'false',
        NX_TUI: 'false',
        FORCE_COLOR: '0',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}
