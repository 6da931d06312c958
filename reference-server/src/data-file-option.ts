/**
 * The CLI's `--data FILE` and `--export-data FILE` (fixtures/README.md "Data files"). The data
 * file modules (ajv, the schema, yaml) are loaded only when one of them is given.
 */
import type { Dataset } from '../../fixtures/src/model.ts';

/** Exit status of a refused data file: bad input, apart from the 1 of a failed start. */
export const INVALID_DATA_EXIT_CODE = 2;

/**
 * The directory of `--data FILE`, or the process ends with INVALID_DATA_EXIT_CODE and every
 * problem on stderr (each with its JSON Pointer into the file). `maxMiB` overrides the size caps.
 */
export async function readDataOption(path: string, maxMiB: number | undefined): Promise<Dataset> {
  const { DataFileError, loadDataFile } = await import('../../fixtures/src/data-file-load.ts');
  try {
    return loadDataFile(path, maxMiB === undefined ? {} : { maxBytes: maxMiB * 1024 * 1024 });
  } catch (error) {
    if (error instanceof DataFileError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(INVALID_DATA_EXIT_CODE);
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      process.stderr.write(`${path}: no such data file\n`);
      process.exit(INVALID_DATA_EXIT_CODE);
    }
    throw error;
  }
}

/** `--export-data FILE`: the directory written as a data file (JSON, or YAML for .yaml/.yml); one line on stdout. */
export async function writeExportDataOption(dataset: Dataset, path: string): Promise<void> {
  const { writeDataFile } = await import('../../fixtures/src/data-file-write.ts');
  await writeDataFile(dataset, path);
  process.stdout.write(
    `Wrote ${dataset.games.length} games and ${dataset.reviews.length} reviews to ${path}\n`,
  );
}
