// A small static reader of Dockerfiles for the deploy tests (no Docker engine runs on these machines):
// instructions, stages, the variables Docker substitutes and the files a COPY takes from the build context.

export type Instruction = { keyword: string; args: string };

/** Dockerfile instructions with line continuations joined and comments dropped. */
export function instructions(dockerfile: string): Instruction[] {
  return dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** The instructions of each stage, FROM first. Instructions before the first FROM are left out. */
export function stages(all: Instruction[]): Instruction[][] {
  const result: Instruction[][] = [];
  for (const instruction of all) {
    if (instruction.keyword === 'FROM') result.push([instruction]);
    else result.at(-1)?.push(instruction);
  }
  return result;
}

/** The instructions of the last stage: what the running image is made of. */
export const finalStage = (all: Instruction[]): Instruction[] => stages(all).at(-1) ?? [];

/** The instructions of the stage `FROM <image> AS <name>` (what `docker build --target <name>` makes), or []. */
export const stageNamed = (all: Instruction[], name: string): Instruction[] =>
  stages(all).find((stage) => /\sAS\s+(\S+)$/i.exec(stage[0].args)?.[1] === name) ?? [];

/** `${NAME}`, `${NAME:-default}` and `$NAME` references in an instruction's arguments. */
export function variablesIn(args: string): string[] {
  return [...args.matchAll(/\$\{(\w+)(?::?[-+?][^}]*)?\}|\$(\w+)/g)].map((match) => match[1] ?? match[2]);
}

/** ARG declarations of a stage with their defaults (undefined when none). */
export function declaredArgs(stage: Instruction[]): Map<string, string | undefined> {
  const args = new Map<string, string | undefined>();
  for (const instruction of stage.filter((i) => i.keyword === 'ARG')) {
    const [name, value] = instruction.args.split(/=(.*)/s);
    args.set(name.trim(), value);
  }
  return args;
}

/** Names an ENV instruction sets (`ENV A=1 B=2`, or the legacy `ENV A 1`). */
export function declaredEnv(stage: Instruction[]): Set<string> {
  const names = new Set<string>();
  for (const instruction of stage.filter((i) => i.keyword === 'ENV')) {
    if (!instruction.args.includes('=')) names.add(instruction.args.split(/\s+/)[0]);
    for (const match of instruction.args.matchAll(/(?:^|\s)(\w+)=/g)) names.add(match[1]);
  }
  return names;
}

/** Replaces `${NAME}` / `$NAME` with the given values (unknown names stay as they are). */
export function substitute(args: string, values: Record<string, string | undefined>): string {
  return args.replace(/\$\{(\w+)\}|\$(\w+)/g, (match, braced, bare) => values[braced ?? bare] ?? match);
}

/** Build-context sources of a COPY/ADD (none when it copies from another stage). */
export function contextSources(instruction: Instruction): string[] {
  if (!['COPY', 'ADD'].includes(instruction.keyword)) return [];
  const tokens = instruction.args.split(/\s+/);
  if (tokens.some((token) => token.startsWith('--from='))) return [];
  const paths = tokens.filter((token) => !token.startsWith('--'));
  return paths.slice(0, -1);
}
