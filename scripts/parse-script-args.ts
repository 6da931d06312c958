import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/**
 * A script's command line by `node:util` `parseArgs`: the options it declares, its positional
 * names, and `--help` (`-h`), which prints `usage` and exits 0. A mistaken command line (an
 * unknown option, an option without its value) prints the error and `usage` on stderr and exits
 * 2, as the conformance CLI does for a run that could not take place: a measurement that passed
 * over a misspelt option would measure something else than was asked for.
 */
export function parseScriptArgs<Options extends ParseArgsOptionsConfig>(usage: string, options: Options) {
  try {
    const parsed = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
    if ((parsed.values as { help?: boolean }).help === true) {
      process.stdout.write(usage);
      process.exit(0);
    }
    return parsed;
  } catch (error) {
    if (!(error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')))
      throw error;
    process.stderr.write(`${error.message}\n\n${usage}`);
    process.exit(2);
  }
}

/**
 * The catalogue entries a script's positional names choose (all of them when none is given). A
 * name the catalogue lacks prints `Unknown <what>: …` and `usage` on stderr and exits 2, like a
 * mistaken option: a misspelt name would otherwise drop out of the run unseen.
 */
export function chosenFrom<Entry extends { name: string }>(
  usage: string,
  catalogue: readonly Entry[],
  names: readonly string[],
  what: string,
): Entry[] {
  const unknown = names.filter((name) => !catalogue.some((entry) => entry.name === name));
  if (unknown.length > 0) {
    process.stderr.write(`Unknown ${what}: ${unknown.join(', ')}\n\n${usage}`);
    process.exit(2);
  }
  return catalogue.filter((entry) => names.length === 0 || names.includes(entry.name));
}

/**
 * An integer option's value (`--name N`), at least `minimum`; `undefined` when it was not given.
 * Anything else prints the option, what it takes and `usage` on stderr and exits 2: `Number('abc')`
 * would run with NaN.
 */
export function integerOption(
  usage: string,
  name: string,
  text: string | undefined,
  minimum: number,
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < minimum) {
    process.stderr.write(`--${name}: expected an integer >= ${minimum}, got '${text}'\n\n${usage}`);
    process.exit(2);
  }
  return value;
}

/**
 * An option's value (`--name VALUE`) when it is one of `choices`. Anything else prints the option,
 * the values it takes and `usage` on stderr and exits 2, like a mistaken integer.
 */
export function choiceOption<Choice extends string>(
  usage: string,
  name: string,
  text: string,
  choices: readonly Choice[],
): Choice {
  if (!(choices as readonly string[]).includes(text)) {
    process.stderr.write(`--${name}: expected one of ${choices.join(', ')}, got '${text}'\n\n${usage}`);
    process.exit(2);
  }
  return text as Choice;
}
