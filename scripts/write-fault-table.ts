/** Writes docs/faults.md from the fault catalogue and the killing-check table. */
import { writeFileSync } from 'node:fs';
import { faultTableMarkdown } from '../conformance/test/fault-table.ts';

writeFileSync('docs/faults.md', faultTableMarkdown());
process.stdout.write('Written docs/faults.md\n');
