#!/usr/bin/env node
// Builds docs/performance.md from docs/performance.template.md (the hand-kept prose: how to run the
// benchmarks, what each measures, the budgets, why the figures are what they are) and
// tests/load/results/*.json (the figures, written by the benchmarks themselves). Figures typed by hand drift
// from what the code does; these cannot. `npm run bench` ends with it; `npm run bench:doc` (this file run
// directly) regenerates the page from the recorded results without running anything.
// tools/performance-doc.spec.mjs fails when the committed page is not what this produces from the committed
// results.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../lib/paths.mjs';
import { LOAD_DIR, RESULTS_DIR, benchNames, readAllResults } from './results.mjs';

export const DOC_PATH = join(REPO_ROOT, 'docs/performance.md');
export const TEMPLATE_PATH = join(REPO_ROOT, 'docs/performance.template.md');
/** The line of the template that the generated sections replace. */
export const RESULTS_MARKER = '<!-- bench results -->';
/** Where the scale bench's section goes (`npm run bench:scale`, not part of `npm run bench`). */
export const SCALE_MARKER = '<!-- scale results -->';
/** Benches with a section of their own, at their marker, instead of a place in the list. */
const MARKED = { scale: SCALE_MARKER };
/** The docs' line width; a table row cannot wrap and may be longer. */
const WIDTH = 110;

// ── Formatting ─────────────────────────────────────────────────────────────────────────────────────────────

const missing = (value) => value === undefined || value === null || Number.isNaN(value);

/** 12345.678 → "12,346"; figures in the page read like the rest of the docs. */
export function int(value) {
  if (missing(value)) return '–';
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A figure as recorded, at most two decimals, with thousands separators: 1.8, 20.5, 1,063, -0.4. */
export function num(value) {
  if (missing(value)) return '–';
  const rounded = Number(Number(value).toFixed(2));
  const [whole, fraction] = String(Math.abs(rounded)).split('.');
  const sign = rounded < 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** A latency: whole milliseconds from 100 ms up, where the decimals an open loop records say nothing. */
const ms = (value) => (missing(value) || Math.abs(value) < 100 ? num(value) : int(value));
const pct = (ratio) => (missing(ratio) ? '–' : `${(ratio * 100).toFixed(1)}%`);
const signed = (value) => (missing(value) ? '–' : value >= 0 ? `+${num(value)}` : `-${num(-value)}`);
const kib = (bytes) => (missing(bytes) ? '–' : `${int(bytes / 1024)} KiB`);
const mbPerSecond = (bytes) => (missing(bytes) ? '–' : `${num(bytes / 1e6)} MB/s`);
const verdict = (met) => (met === undefined ? '–' : met ? '**met**' : '**missed**');
const code = (text) => `\`${text}\``;

/**
 * A paragraph wrapped at the docs' line width, breaking only between words and never inside a code span (a
 * line break there would still render, as a space, but reads badly in the source).
 */
export function wrap(text, width = WIDTH) {
  const words = text.match(/(?:`[^`]*`|\S)+/g) ?? [];
  const lines = [];
  for (const word of words) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
}

/** A failed run's output as a code block, each line cut to the docs' width. */
const outputBlock = (lines) =>
  [
    '```text',
    ...lines.map((line) => (line.length > WIDTH ? `${line.slice(0, WIDTH - 1)}…` : line)),
    '```',
  ].join('\n');

/** One Markdown table; a `|` inside a cell is escaped so it cannot open a column. */
export function table(headers, rows) {
  const line = (cells) => `| ${cells.map((cell) => String(cell).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** "2026-11-30 14:05 UTC" from an ISO date. */
const when = (iso) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : 'an unknown date');

/** The context of a run in one sentence, after `lead`: when, which code, which machine, how busy. */
export function describeContext(context, lead = 'Run finished') {
  if (!context) return `${lead} at a time and on a machine not recorded`;
  const changes = context.uncommittedChanges ? ' with uncommitted changes' : '';
  const commit = context.commit
    ? `commit ${code(context.commit.slice(0, 10))}${changes}`
    : 'code outside a git checkout';
  const machine = [
    `${context.cpus} CPU${context.cpus === 1 ? '' : 's'} (${context.cpuModel})`,
    `${num(context.memoryGiB)} GiB`,
    context.os,
    context.machine,
  ].filter(Boolean);
  const load = context.loadAverage
    ? `; load average ${context.loadAverage.map(num).join(' / ')} (1 / 5 / 15 min)`
    : '';
  return `${lead} ${when(context.date)}, ${commit}; Node ${context.node}; ${machine.join(', ')}${load}`;
}

// ── One renderer per bench; a bench without one gets a table of its figures ──────────────────────────────

/** A sentence from short pieces, so that each stays readable in the source; the page wraps it again. */
const say = (...parts) => parts.filter(Boolean).join(' ');
const loads = (values) => (values ? values.map(num).join(' / ') : '–');

/** The columns of a closed-loop (autocannon) run. */
const runCells = (run) => [
  int(run.requestsPerSecond),
  ms(run.p50Ms),
  ms(run.p90Ms),
  ms(run.p99Ms),
  int(run.errors),
  int(run.non2xx),
];

/** The bank-sync bench's second part: statement files of 10,000 transactions uploaded and imported. */
function statementFiles(statements, targets) {
  const rows = statements.runs.map((run) => [
    run.format.toUpperCase(),
    kib(run.bytes),
    int(run.rows),
    int(run.uploadMs),
    int(run.importMs),
    int(run.reimportMs),
    int(run.rowsAddedAgain),
  ]);
  for (const [format, median] of Object.entries(statements.median)) {
    rows.push([`**median ${format.toUpperCase()}**`, '–', int(median.rows), int(median.uploadMs), `**${int(median.importMs)}**`, int(median.reimportMs), '–']);
  }
  return [
    say(
      'Statement files: a CSV in Chase’s layout and an OFX 1.x file of 10,000 transactions each, uploaded to the',
      'built service (read, previewed, kept) and imported into a new file account; the time is from the upload',
      'to the import’s answer, every row committed. Then the same file again into that account.',
    ),
    table(['file', 'size', 'transactions', 'upload and preview (ms)', 'to imported (ms)', 'again (ms)', 'added again'], rows),
    say(`Target: a 10,000-transaction file imported in ≤ ${int(targets.statementMs)} ms, nothing added again: ${verdict(statements.pass)}.`),
  ];
}

const RENDERERS = {
  auth: {
    title: 'Sign-ins and token checks',
    status(result) {
      const verify = result.tokenVerifications;
      if (!verify) return '–';
      const guard = verify.throughGuard ? `, through the guard ${int(verify.throughGuard.perSecond)} /s` : '';
      return `verifications ${int(verify.perSecond)} /s${guard}: ${verdict(verify.meetsTarget)}`;
    },
    render(result) {
      const { signIns, passkeySignIns: passkeys, tokenVerifications: verify, accountStatusCheck: status } = result;
      const rows = [];
      if (signIns) {
        const argon = signIns.argon2id;
        rows.push([
          say(
            `sign-ins, ${code(signIns.endpoint)}, argon2id m = ${int(argon.memoryKiB)} KiB,`,
            `t = ${argon.iterations}, p = ${argon.parallelism},`,
            `${signIns.connections} connections, ${signIns.durationSeconds} s`,
          ),
          say(
            `**${int(signIns.requestsPerSecond)} /s**;`,
            `p50 ${ms(signIns.p50Ms)} ms, p99 ${ms(signIns.p99Ms)} ms;`,
            signIns.cpuMsPerRequest !== undefined ? `auth CPU ${num(signIns.cpuMsPerRequest)} ms per sign-in;` : '',
            `${int(signIns.errors)} errors, ${int(signIns.non2xx)} non-2xx`,
          ),
          '–',
        ]);
      }
      if (passkeys) {
        rows.push([
          say(
            `passkey sign-ins, ${code(passkeys.endpoint)} (a WebAuthn assertion, no password hash),`,
            `${passkeys.connections} connections, ${passkeys.durationSeconds} s, each after its own options call`,
          ),
          say(
            `**${int(passkeys.perSecond)} /s**;`,
            `p50 ${ms(passkeys.p50Ms)} ms, p99 ${ms(passkeys.p99Ms)} ms (options p50 ${ms(passkeys.optionsP50Ms)} ms);`,
            `auth CPU ${num(passkeys.cpuMsPerRequest)} ms per sign-in, options included;`,
            `${int(passkeys.failures)} failures`,
          ),
          '–',
        ]);
      }
      if (verify) {
        const target = (perSecond) => `≥ ${int(verify.target)} /s: ${verdict(perSecond >= verify.target)}`;
        const rate = (figures) =>
          `**${int(figures.perSecond)} /s** (${num(figures.microsecondsEach)} µs each)`;
        rows.push([
          say(
            `token verifications in ${code('JwtVerifier')}`,
            `(${verify.algorithm}, JWKS ${verify.jwks}, full signature check each time), one core`,
          ),
          rate(verify),
          target(verify.perSecond),
        ]);
        if (verify.throughGuard) {
          rows.push([
            `the same through ${code('AuthGuard.canActivate')}`,
            rate(verify.throughGuard),
            target(verify.throughGuard.perSecond),
          ]);
        }
        rows.push([
          `bare ${code('node:crypto')} ${verify.algorithm} verify, the ceiling on this machine`,
          `${int(verify.rawEs256PerSecond)} /s`,
          '–',
        ]);
      }
      if (status) {
        const withCheck = status.guardWithCheckMicroseconds;
        const withoutCheck = status.guardWithoutCheckMicroseconds;
        rows.push(
          ['suspension check in the guard, cache hit', `${num(status.hitMicroseconds)} µs`, '–'],
          [
            say(
              `suspension check, miss (one Redis ${code('EXISTS')},`,
              `once per user per ${num(status.cacheMs / 1000)} s)`,
            ),
            `${num(status.missMicroseconds)} µs`,
            '–',
          ],
          [
            say(
              'the whole guard with a remembered token, with / without',
              'the status checks (suspension, signed-out session)',
            ),
            `${num(withCheck)} / ${num(withoutCheck)} µs (${signed(withCheck - withoutCheck)} µs)`,
            '–',
          ],
        );
      }
      return [table(['measure', 'result', 'target'], rows)];
    },
  },

  'bank-sync': {
    title: 'Bank import',
    status: (result) =>
      say(
        `import ${int(result.median?.importMs)} ms,`,
        `second sync ${int(result.median?.resyncMs)} ms: ${verdict(result.pass)}`,
      ),
    render(result) {
      const { median, targets } = result;
      const rows = result.runs.map((run, index) => [
        index + 1,
        int(run.rows),
        int(run.importMs),
        int(run.resyncMs),
        int(run.rowsAdded),
      ]);
      rows.push([
        '**median**',
        int(median.rows),
        `**${int(median.importMs)}**`,
        `**${int(median.resyncMs)}**`,
        '–',
      ]);
      return [
        say(
          `Link a sandbox bank (the Plaid emulator, ${result.purchasesPerDay} purchases a day at most)`,
          'and time from the first link call to every transaction in PostgreSQL, with the built HTTP entry',
          'and worker and detection running; then a second sync of the same bank.',
          `${result.runs.length} runs.`,
        ),
        table(
          ['run', 'transactions', 'import (ms)', 'second sync (ms)', 'rows added by the second sync'],
          rows,
        ),
        say(
          `Targets: import ≤ ${int(targets.importMs)} ms,`,
          `second sync < ${int(targets.resyncMs)} ms adding no rows${result.statements ? ', and the statement files below' : ''}: ${verdict(result.pass)}.`,
        ),
        ...(result.statements ? statementFiles(result.statements, targets) : []),
      ];
    },
  },

  blog: {
    title: 'Blog reads and pages',
    status: () => 'no target',
    render(result) {
      const rows = Object.entries(result.results).map(([name, run]) => {
        const [perSecond, p50, p90, p99, errors, non2xx] = runCells(run);
        return [
          name,
          code(run.path),
          perSecond,
          p50,
          p90,
          p99,
          mbPerSecond(run.bytesPerSecond),
          errors,
          non2xx,
        ];
      });
      const headers = ['request', 'path', 'req/s', 'p50 (ms)', 'p90 (ms)', 'p99 (ms)', 'transferred'];
      return [
        say(
          `The blog service straight (${result.seededPosts} seeded posts;`,
          `a ${kib(result.imageBytes)} image from the ${result.imageStorage} store)`,
          "and public-site's page server in front of it;",
          `${result.connections} connections, ${result.durationSeconds} s each after a 2 s warm-up,`,
          'compressed answers accepted.',
        ),
        table([...headers, 'errors', 'non-2xx'], rows),
      ];
    },
  },

  finance: {
    title: 'Dashboard under load',
    status(result) {
      const render = result.firstRender;
      const rendered = render?.error
        ? 'first render failed'
        : `first render ${int(render?.medianMs)} ms: ${verdict(render?.met)}`;
      return `p99 ${ms(result.gateway.median.p99Ms)} ms: ${verdict(result.meetsTargets)}; ${rendered}`;
    },
    render(result) {
      const { data, load, targets, firstRender: render } = result;
      const cpu = (run) =>
        Object.entries(run.cpuMsPerRequest ?? {})
          .map(([name, value]) => `${name} ${num(value)}`)
          .join(', ') || '–';
      const row = (label, run) => [
        label,
        `${int(run.achievedRate)} / ${int(run.offeredRate)}`,
        ms(run.p50Ms),
        ms(run.p90Ms),
        ms(run.p99Ms),
        ms(run.maxMs),
        int(run.non2xx),
        int(run.errors),
        cpu(run),
        num(run.loadAverage1m),
      ];
      const p99s = (side) => side.runs.map((run) => ms(run.p99Ms)).join(', ');
      const headers = [
        'served by',
        'answered / offered (req/s)',
        'p50 (ms)',
        'p90 (ms)',
        'p99 (ms)',
        'max (ms)',
      ];
      const blocks = [
        say(
          `${code(result.endpoint)} for a user with ${data.bills} bills`,
          `and ${data.incomeSources} income sources`,
          `(an answer of ${kib(data.responseBytes)} before compression),`,
          `${load.kind} at ${int(load.offeredRate)} requests/s offered,`,
          `${load.durationSeconds} s after a ${load.warmupSeconds} s warm-up, ${load.runs} runs;`,
          'the median run by p99. Latency counts from the scheduled send time.',
        ),
        table(
          [...headers, 'non-2xx', 'errors', 'CPU ms per request', 'load (1 min)'],
          [row('through the gateway', result.gateway.median), row('finance direct', result.direct.median)],
        ),
        say(
          `p99 of each run: through the gateway ${p99s(result.gateway)} ms;`,
          `direct ${p99s(result.direct)} ms.`,
          `Target: p99 ≤ ${num(targets.p99Ms)} ms through the gateway with every request answered 2xx:`,
          `${verdict(result.meetsTargets)}.`,
        ),
      ];
      if (render?.error) {
        blocks.push(`The dashboard's first render in headless Chromium failed: ${code(render.error)}.`);
      } else if (render) {
        blocks.push(
          say(
            `The dashboard's first render with that data (${render.browser ?? 'headless Chromium'},`,
            `a fresh context each time, signed in): median **${int(render.medianMs)} ms**,`,
            `worst ${int(render.worstMs)} ms (samples ${render.samplesMs.map(int).join(', ')} ms).`,
            `Target ≤ ${int(targets.firstRenderMs)} ms: ${verdict(render.met)}.`,
          ),
        );
      }
      return blocks;
    },
  },

  handover: {
    title: 'Hand-over of the public pages on a phone',
    status: () => 'no target',
    render(result) {
      const profiles = new Map((result.profiles ?? []).map((profile) => [profile.name, profile]));
      const network = (name) => {
        const profile = profiles.get(name);
        if (!profile) return '–';
        const { latencyMs, downMbps, cpuSlowdown } = profile;
        return `${latencyMs} ms, ${num(downMbps)} Mbps down, CPU ${cpuSlowdown}x slower`;
      };
      const rows = result.results.map((entry) => [
        entry.profile,
        network(entry.profile),
        code(entry.path),
        int(entry.handOverMs),
        int(entry.listMs),
      ]);
      return [
        say(
          `Each page ${result.runs} times per profile in a fresh 390 px context`,
          `of ${result.browser ?? 'Chromium'} under DevTools throttling; medians, from navigation`,
          "to the app's hand-over and, on /blog, to its first post card.",
          `Load average ${loads(result.loadBefore)} before, ${loads(result.loadAfter)} after.`,
        ),
        table(['profile', 'network and CPU', 'page', 'hand-over (ms)', 'first post card (ms)'], rows),
      ];
    },
  },

  lighthouse: {
    title: 'Public pages on a phone, Lighthouse',
    status(result) {
      const met = result.results.filter((page) => page.meetsTargets).length;
      return `met on ${met} of ${result.results.length} pages: ${verdict(met === result.results.length)}`;
    },
    render(result) {
      const { targets } = result;
      const rows = result.results.map((page) => [
        code(page.path),
        page.score,
        int(page.lcpMs),
        int(page.fcpMs),
        int(page.tbtMs),
        num(page.cls),
        kib(page.bytes),
        int(page.benchmarkIndex),
        page.meetsTargets ? 'met' : '**missed**',
      ]);
      const met = result.results.filter((page) => page.meetsTargets).length;
      return [
        say(
          `Lighthouse ${result.lighthouse} (mobile, its default simulated throttling)`,
          `in ${result.browser}, each page ${result.runs} times in a fresh browser; medians.`,
          `Load average ${loads(result.loadBefore)} before, ${loads(result.loadAfter)} after.`,
          "The CPU index is Lighthouse's own benchmark of the CPU it got (median): where it is low, the machine",
          'was busy, and total blocking time and the score suffer for it.',
        ),
        table(
          ['page', 'score', 'LCP (ms)', 'FCP (ms)', 'TBT (ms)', 'CLS', 'transferred', 'CPU index', 'targets'],
          rows,
        ),
        say(
          `Targets (score ≥ ${targets.score}, CLS ≤ ${targets.cls}, LCP ≤ ${int(targets.lcpMs)} ms):`,
          `met on ${met} of ${result.results.length} pages.`,
        ),
      ];
    },
  },

  installability: {
    title: 'The installable app, Lighthouse',
    status: (result) =>
      `${result.checks.filter((check) => check.passed).length} of ${result.checks.length} audits pass: ${verdict(result.checks.every((check) => check.passed))}`,
    render(result) {
      const rows = result.checks.map((check) => [
        code(check.id),
        check.title.replace(/\|/g, '\\|'),
        check.passed ? 'passes' : `**fails**: ${check.explanation ?? ''}`,
      ]);
      return [
        say(
          `Lighthouse ${result.lighthouse}'s PWA audits on ${code(result.page)} in ${result.browser},`,
          'signed in, the page controlled by the service worker;',
          result.installabilityErrors.length === 0
            ? "Chromium's installability check reported no error."
            : `Chromium's installability check reported: ${result.installabilityErrors.join('; ')}.`,
        ),
        table(['audit', 'what it checks', 'result'], rows),
      ];
    },
  },

  platform: {
    title: 'Gateway against direct',
    status: (result) =>
      result.results
        .map(
          (comparison) => `${comparison.name} ${pct(comparison.ratio)}: ${verdict(comparison.meetsTargets)}`,
        )
        .join('; '),
    render(result) {
      const { targets } = result;
      const rows = [];
      for (const comparison of result.results) {
        const { name, gateway, direct, minimalProxy: proxy } = comparison;
        rows.push([
          name,
          'the gateway',
          ...runCells(gateway),
          pct(comparison.ratio),
          signed(comparison.extraP99Ms),
        ]);
        rows.push([name, comparison.directLabel ?? 'direct', ...runCells(direct), '100%', '–']);
        if (proxy)
          rows.push([
            name,
            'bare Node.js proxy',
            ...runCells(proxy),
            pct(proxy.ratio),
            signed(proxy.extraP99Ms),
          ]);
      }
      const headers = [
        'request',
        'served by',
        'req/s',
        'p50 (ms)',
        'p90 (ms)',
        'p99 (ms)',
        'errors',
        'non-2xx',
      ];
      const blocks = [
        say(
          `${result.connections} connections, ${result.durationSeconds} s per run after a 2 s warm-up,`,
          `${result.rounds} interleaved rounds; medians (errors summed).`,
          `Rate limits multiplied by ${int(result.rateLimitFactor)}.`,
        ),
        table([...headers, 'of direct', 'p99 vs direct (ms)'], rows),
      ];
      const join = result.results.find((comparison) => comparison.cpuMicrosPerRequest);
      if (join) {
        const cpu = join.cpuMicrosPerRequest;
        blocks.push(
          say(
            `CPU per join: the gateway ${int(cpu.gateway)} µs,`,
            `the bare proxy ${int(join.minimalProxy?.cpuMicrosPerRequest)} µs,`,
            `waitlist ${int(cpu.waitlistThroughGateway)} µs behind the gateway`,
            `and ${int(cpu.waitlistDirect)} µs direct (PostgreSQL's share not counted).`,
          ),
        );
      }
      const verdicts = result.results.map(
        (comparison) => `${code(comparison.name)}: ${verdict(comparison.meetsTargets)}`,
      );
      blocks.push(
        say(
          `Targets: through the gateway ≥ ${num(targets.throughputRatio * 100)}% of the direct throughput`,
          `and at most ${signed(targets.extraP99Ms)} ms at p99. ${verdicts.join('; ')}.`,
        ),
      );
      return blocks;
    },
  },

  scale: {
    title: 'The product at scale',
    source: 'tests/load/scale/scale-bench.mjs',
    command: 'npm run bench:scale',
    status: (result) => `${result.sizes?.length ?? 0} sizes, up to ${int(result.sizes?.at(-1)?.users)} users`,
    render(result) {
      const sizes = result.sizes ?? [];
      const cell = (pick) => sizes.map((size) => {
        try {
          return pick(size) ?? '–';
        } catch {
          return '–';
        }
      });
      const latencies = (run) => (run ? `${ms(run.p50Ms)} / ${ms(run.p99Ms)}` : '–');
      const noise = (spread) => (spread ? `${ms(spread.p99Ms)} / ${ms(spread.maxMs)}` : undefined);
      const answered = (run) => (run ? `${int(run.achievedRate)} / ${int(run.offeredRate)}, non-2xx ${int(run.non2xx)}` : '–');
      const processes = [...new Set(sizes.flatMap((size) => Object.keys(size.processMemoryMiB ?? {})))];
      const schemas = [...new Set(sizes.flatMap((size) => Object.keys(size.postgres?.bytesPerUserBySchema ?? {})))];
      const rows = [
        ['linked banks', ...cell((s) => int(s.seeding.totals['bank_sync.plaid_items']))],
        ['bank transactions', ...cell((s) => int(s.seeding.totals['bank_sync.bank_transactions']))],
        ['bills', ...cell((s) => int(s.seeding.totals['finance.bills']))],
        ['seeding: rows added, seconds (rows/s)', ...cell((s) => `${int(s.seeding.rowsAdded)}, ${num(s.seeding.seconds)} s (${int(s.seeding.rowsPerSecond)})`)],
        ['reminder scan: wall time (ms)', ...cell((s) => int(s.reminderScan.wallMs))],
        ['reminder scan: transactions, rows read', ...cell((s) => `${int(s.reminderScan.transactions)}, ${int(s.reminderScan.rowsReturned + s.reminderScan.rowsFetched)}`)],
        ['reminder scan: due users queued for planning', ...cell((s) => int(s.reminderScan.sendJobsAdded))],
        [`dashboard p50 / p99 (ms)`, ...cell((s) => latencies(s.dashboard))],
        ['… paired 1,000-user baseline p50 / p99 (ms)', ...cell((s) => (s.dashboardBaseline ? latencies(s.dashboardBaseline) : undefined))],
        ['… p99 against the baseline (target ≤ 1.10)', ...cell((s) => (missing(s.dashboardP99Ratio) ? undefined : `${num(s.dashboardP99Ratio)}×`))],
        ['… finance CPU per dashboard (ms), this size / baseline', ...cell((s) => (s.dashboardBaseline ? `${num(s.dashboard.financeCpuMsPerRequest)} / ${num(s.dashboardBaseline.financeCpuMsPerRequest)}` : undefined))],
        ['dashboard answered / offered (req/s)', ...cell((s) => answered(s.dashboard))],
        ['… noise meanwhile: idle timer late, p99 / max (ms)', ...cell((s) => noise(s.noiseDuringDashboard?.timerLate))],
        ['… noise meanwhile: `SELECT 1`, p99 / max (ms)', ...cell((s) => noise(s.noiseDuringDashboard?.selectOne))],
        ['latest 200 transactions p50 / p99 (ms)', ...cell((s) => latencies(s.transactionList))],
        ['… noise meanwhile: idle timer late, p99 / max (ms)', ...cell((s) => noise(s.noiseDuringTransactionList?.timerLate))],
        ['… noise meanwhile: `SELECT 1`, p99 / max (ms)', ...cell((s) => noise(s.noiseDuringTransactionList?.selectOne))],
        ['sign-in p50 / p99 (ms)', ...cell((s) => latencies(s.signIn))],
        ['bank import (ms, transactions)', ...cell((s) => `${int(s.bankImport.ms)} (${int(s.bankImport.transactions)})`)],
        ['export of the heaviest user (ms, zip)', ...cell((s) => `${int(s.export.medianMs)} (${kib(s.export.zipBytes)})`)],
        ['Redis per linked item (bytes)', ...cell((s) => int(s.redis.bytesPerLinkedItem))],
        ['PostgreSQL per user (bytes)', ...cell((s) => int(s.postgres.bytesPerUser))],
        ...schemas.map((schema) => [`… of which ${code(schema)}`, ...cell((s) => int(s.postgres.bytesPerUserBySchema[schema]))]),
        ...processes.map((name) => [`memory of ${name} (MiB RSS)`, ...cell((s) => num(s.processMemoryMiB[name]))]),
        ['load average (1 / 5 / 15 min)', ...cell((s) => loads(s.loadAverage))],
      ];
      const first = sizes[0];
      const blocks = [
        say(
          'A database of its own seeded with COPY, each size adding to the last:',
          `${pct(result.options?.linkedShare)} of users with a linked bank (the first with`,
          `${int(first?.transactionList?.userTransactions)} transactions),`,
          `${int(result.options?.transactionsAtLargest)} transactions planned at the largest size,`,
          'paydays weekly, every two weeks, twice a month and monthly, 3 to 15 bills each, time zones over the',
          'world, reminders on for 70%.',
          `Reminder due times: ${result.nextReminderAt ?? 'not recorded'}.`,
          `The dashboard at ${int(first?.dashboard?.offeredRate)} requests/s (open loop, straight to finance)`,
          `over the users signed in at ${int(first?.signIn?.offeredRate)} sign-ins/s,`,
          'in rounds alternating with the same load on a database of 1,000 users served by its own services',
          "(each side's median round by p99; where no baseline is recorded, one run);",
          'the latest 200 transactions of the heaviest user straight to bank-sync;',
          'the scan in-process, its transactions and rows read from pg_stat_database.',
          "The noise rows are the machine's floor meanwhile: a process of its own doing nothing but a 1 ms timer",
          'and `SELECT 1` every 10 ms (tests/load/support/noise-probe.mjs). A stall as long as their max holds',
          'back every request in flight, on both sides of a comparison alike.',
        ),
        table(['measure', ...sizes.map((size) => `${int(size.users)} users`)], rows),
      ];
      return blocks;
    },
  },
};

/** Every figure of a result a bench without its own renderer wrote, one row each. */
function leaves(value, prefix = '') {
  if (value === null || typeof value !== 'object') return [[prefix, value]];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
}

const GENERIC = {
  status: () => '–',
  render(result) {
    const rows = leaves(
      Object.fromEntries(
        Object.entries(result).filter(([key]) => !['bench', 'context', 'lastFailure'].includes(key)),
      ),
    )
      .filter(([, value]) => ['number', 'string', 'boolean'].includes(typeof value))
      .map(([key, value]) => [code(key), typeof value === 'number' ? num(value) : String(value)]);
    return [table(['figure', 'value'], rows)];
  },
};

const rendererOf = (bench) => RENDERERS[bench] ?? { ...GENERIC, title: bench };
const hasFigures = (result) => Object.keys(result).some((key) => !['bench', 'lastFailure'].includes(key));

/** The generated section of one bench: its heading, where it comes from, its context and its figures. */
export function renderBench(bench, result) {
  const renderer = rendererOf(bench);
  const file = renderer.source ?? `tests/load/${bench}.bench.mjs`;
  const source = `[${code(file)}](../${file})`;
  const blocks = [`### ${renderer.title} (${code(bench)})`];
  if (!result) {
    const command = renderer.command ?? `npm run bench -- ${bench}`;
    return [...blocks, wrap(`No results recorded yet: ${code(command)} runs ${source} and writes them.`)].join(
      '\n\n',
    );
  }
  blocks.push(
    say(
      `${source},`,
      `figures in [${code(`tests/load/results/${bench}.json`)}](../tests/load/results/${bench}.json).`,
    ),
  );
  if (result.lastFailure) {
    const failure = result.lastFailure;
    blocks.push(
      `**The latest run did not finish.** ${describeContext(failure.context, 'It ended')}, with exit code ` +
        `${failure.exitCode}; its last lines of output:`,
      outputBlock(failure.output),
      hasFigures(result)
        ? 'The figures below are those of the last complete run.'
        : 'No complete run is recorded.',
    );
  }
  if (hasFigures(result)) blocks.push(`${describeContext(result.context)}.`, ...renderer.render(result));
  return blocks.map((block) => (/^(?:[|#]|```)/.test(block) ? block : wrap(block))).join('\n\n');
}

/** The overview: every bench, when it last ran, and how it stands against its targets. */
function renderOverview(benches, results) {
  const rows = benches.map((bench) => {
    const result = results[bench];
    const renderer = rendererOf(bench);
    if (!result) return [renderer.title, code(bench), 'never', '–'];
    const ran = hasFigures(result) ? when(result.context?.date) : 'never completed';
    const status = hasFigures(result) ? renderer.status(result) : '–';
    return [renderer.title, code(bench), result.lastFailure ? `${ran}; the latest run failed` : ran, status];
  });
  return table(['benchmark', 'bench', 'last complete run', 'figures against the targets'], rows);
}

const GENERATED_NOTICE = [
  '<!-- Generated by tools/bench/performance-doc.mjs: edit docs/performance.template.md instead. -->',
  '',
  wrap(
    say(
      '_This page is generated by the benchmarks: `npm run bench` runs them and rewrites it,',
      '`npm run bench:doc` rewrites it from the recorded results',
      '([`tests/load/results/*.json`](../tests/load/results/)) without running them.',
      'The prose comes from [`performance.template.md`](performance.template.md); edit that, not this page._',
    ),
  ),
].join('\n');

/**
 * The page as a string: the template with its editor's note dropped, the notice under its title and the
 * generated sections in place of RESULTS_MARKER. `benches` lists every bench the page covers (one without
 * results says so); results of benches not in it still get their section.
 */
export function generatePerformanceDoc({
  template = readFileSync(TEMPLATE_PATH, 'utf8'),
  results = readAllResults(RESULTS_DIR),
  benches = benchNames(LOAD_DIR),
} = {}) {
  let body = template.replace(/^<!--[\s\S]*?-->\s*/, '');
  const parts = body.split(RESULTS_MARKER);
  if (parts.length !== 2) throw new Error(`The template must hold ${RESULTS_MARKER} exactly once`);
  // A bench whose marker the template holds gets its section there, and no place in the list.
  const marked = Object.keys(MARKED).filter((bench) => body.includes(MARKED[bench]));
  const all = [...new Set([...benches, ...Object.keys(results)])].filter((bench) => !marked.includes(bench)).sort();
  const generated = [
    renderOverview(all, results),
    ...all.map((bench) => renderBench(bench, results[bench])),
  ].join('\n\n');
  body = `${parts[0]}${generated}${parts[1]}`;
  for (const bench of marked) body = body.replace(MARKED[bench], () => renderBench(bench, results[bench]));
  const withResults = body;
  const titled = /^# .*\n/.test(withResults)
    ? withResults.replace(/^(# .*\n)/, `$1\n${GENERATED_NOTICE}\n`)
    : `${GENERATED_NOTICE}\n\n${withResults}`;
  return titled;
}

/** Writes docs/performance.md (or `path`) and returns its path relative to the repository. */
export function writePerformanceDoc({ path = DOC_PATH, ...options } = {}) {
  writeFileSync(path, generatePerformanceDoc(options));
  return relative(REPO_ROOT, path);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`${writePerformanceDoc()} regenerated from ${relative(REPO_ROOT, RESULTS_DIR)}/*.json`);
}
